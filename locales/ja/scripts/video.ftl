# A playing video: the video page (www/video.js), its frames and sources
# (www/frames.js, www/video-sources.js), the transport under every video
# (www/transport.js) and a chapter's live video (www/image-live.js).

## Sources in words, each a sentence's subject (`what` below).
video-source-default = 既定の動画
video-source-camera = カメラ
video-source-file = 「{ $name }」

## Why a source was refused or stopped. `what`: a source (above); `why`: the
## browser's words.
video-cannot-be-played = { $what }はこのブラウザでは再生できません（{ $why }）。
video-cannot-be-played-unsaid = { $what }はこのブラウザでは再生できません。
video-audio-only = { $what }には映像がありません（音声のみ）。
video-source-will-not-play = { $what }を再生できません：{ $why }。
video-does-not-decode = { $what }を表示できません：映像をデコードできません（{ $why }）。
video-stopped-playing = { $what }の再生が止まりました（{ $why }）
video-stopped-playing-unsaid = { $what }の再生が止まりました（デコードエラー）
# `problem`: one of the above; `kept`: what stays in its place (video-kept).
video-refused = { $problem }{ $kept }
video-no-camera = カメラを使えません：{ $why }。{ $kept }
video-could-not-draw = 動画を描画できませんでした：{ $why }
video-will-not-play = 動画を再生できません：{ $why }

## How frames reach the GPU (a choice on the video page).
video-path-auto = このGPUに合った経路
video-path-import = 外部テクスチャとしてインポート
video-path-decoded = デコーダーのバイト列（CPU経由）
video-path-copy = ブラウザによる要素のコピー

## The transport.
video-play = 再生
video-pause = 一時停止
video-frame-back = 1フレーム戻る
video-frame-on = 1フレーム進む
video-position = 動画内の位置
video-transport = 動画の再生コントロール
video-loop = ループ
video-none-yet = まだ動画がありません。
# `time`, `duration`: m:ss.t; `length`: "live" for a stream with no end (a camera).
video-transport-state = { $state ->
        [ended] 終了
        [paused] 一時停止中：{ $time }
        [reversing] 逆再生中：{ $time }
       *[playing] 再生中：{ $time }
    }{ $length ->
        [live] （ライブ）
       *[known] {" "}/ { $duration }
    }{ $loop ->
        [yes] 、ループ再生。
       *[no] 。
    }
video-transport-position = { $time }{ $length ->
        [live] （ライブ）
       *[known] {" "}/ { $duration }
    }

video-speed = 速度
# `speed`: 0.25 to 8, times real time.
video-speed-value = { $speed }×
video-mark-in = インをマーク
video-mark-out = アウトをマーク
video-clear-in-out = インとアウトを消去
# `in`, `out`: timecode HH:MM:SS:FF, or – where not set.
video-in-out = イン：{ $in }、アウト：{ $out }
# `timecode`: HH:MM:SS:FF (non-drop); `frame`: the frame's number from 0; `rate`: frames a second, as the file declares it.
video-timecode = { $timecode } · フレーム{ $frame } · { $rate } fps
# The file declares no rate and none has been seen playing yet: `rate` is assumed.
video-timecode-guessed = { $timecode } · フレーム{ $frame } · { $rate } fps（再生するまでの仮の値）

## The video page.
video-try-gpu-again = GPUをもう一度試す
video-use-camera = カメラを使う
video-choose = 動画を選ぶ…
video-counting = 集計：
video-method-ours = プライベート化・1パス（独自）
video-method-article = チャンク + リデュース（記事）
video-frames = 経路：
video-wgsl-import = WGSL：インポートパス（実際のGPUのフレーム）
video-wgsl-frame = WGSL：フレームパス（デコーダーのバイト列）
video-wgsl-compose = WGSL：合成パス（フレームとそのヒストグラム）
video-wgsl-kernel = WGSL：{ $method ->
        [privatized] プライベート化カーネル
       *[chunks-reduce] 記事のチャンク + リデュース
    }
video-kept = 前の動画をそのまま使います。
# Without WebGPU, after page-needs-webgpu: <a> marks the link to the CPU pages.
video-cpu-instead = <a>CPUのページ</a>なら、どのブラウザでも画像を数えられます。
# `said`: page-device-reset.
video-device-recovered = { $said }動画はそのまま再生を続けます。
# `said`: page-device-gone.
video-device-failed = { $said }GPUが復帰したら、もう一度試してください。
# The frame path diagram's caption. `path`: the path lit (none until frames
# come; the browser's copy is not drawn); `record`: what is said under the
# stages of the last frame drawn, with the passes' GPU times where there are.
video-path-caption = 2つの経路それぞれで、フレームがステージを順にたどる道筋{ $path ->
        [import] 。このページがここで使う経路（インポート）を強調表示しています。
        [decoded] 。このページがここで使う経路（デコーダーのバイト列）を強調表示しています。
        [copy] 。ここではフレームはどちらの経路も通らず、ブラウザによる要素のコピーとして届きます。
       *[none] 。
    }{ $record ->
        [timed] 各ステージの下には、最後に描画したフレームについて、動画内の時刻、サイズ、各パスのGPU時間（描画の時間はスケールパスを含む）を示します。
        [untimed] 各ステージの下には、最後に描画したフレームについて、動画内の時刻とサイズを示します。
       *[none] {""}
    }
# Under the diagram's stages: `time`, seconds into the video; `mb`, megabytes;
# `format`, the decoder's pixel layout ("NV12").
video-said-time = { $time }秒時点
video-said-bytes = { $mb } MB、{ $format }
# Under the frame pass where the kernel chosen counts, not it.
video-converts-only = 変換のみ、カウントはカーネル
# A time not measured.
video-no-time = 未計測
# The overlay over the video, a line each. `path`: how frames come (video-path-*);
# `counter`, `drawing`: the core's words for the passes ("privatized kernel",
# "compose pass"); `time`: page-ms.
video-overlay-rate = { $fps } fps、フレーム：{ $path ->
        [import] インポート
        [decoded] デコード
       *[copy] コピー
    }、カウント：{ $counter }
video-overlay-import = GPUインポート   { $time }
video-overlay-count = GPUヒストグラム { $time }
video-overlay-draw = GPU描画         { $time }（{ $drawing }）
video-overlay-other = { $counter }：{ $time }（最後に表示したとき）
video-overlay-untimed = GPU時間：{ $reason ->
        [late] 計測しません（llvmpipeのタイムスタンプ）
       *[none] タイムスタンプクエリなし
    }
# Untimed: how the frame and its histograms are drawn.
video-overlay-drawing = GPU描画：{ $drawing }

## A chapter's live video.
video-live-label = 動画とそのヒストグラム
video-unnamed = 動画
# `name`: a source (video-source-*, or the page's); `counter`: the core's words for the pass that counts.
video-live-caption = { $name }、{ $width }×{ $height }、{ $counter }でカウント
video-live-timing = 計測しています…
video-live-kept = 前の画像または動画をそのまま使います。
# `rate`: page-per-second.
video-live-untimed = { $rate }。パスは計測しません（{ $why }）。
# `method`, `beside`: the kernels' names; `time`, `besideTime`: each one's median
# (page-ms, or … while none is had).
video-live-time = { $rate }。フレームあたりのカウントのGPU時間（直近の計測フレームの中央値）：{ $method }は{ $time }
# `compared`: whether `method` took less time than `beside` or more, `ratio`
# times (none until both are timed).
video-live-time-beside = { $rate }。フレームあたりのカウントのGPU時間（直近の計測フレームの中央値）：{ $method }は{ $time }、{ $beside }は{ $besideTime }（計測するフレームで2つを交互に実行）。{ $compared ->
        [less] この動画では、{ $method }版にかかる時間は{ $beside }版の1/{ $ratio }です。
        [more] この動画では、{ $method }版にかかる時間は{ $beside }版の{ $ratio }倍です。
       *[none] {""}
    }
