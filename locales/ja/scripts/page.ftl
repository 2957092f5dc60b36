# What every page's scripts say alike (www/page.js, www/site.js).

## Where the page gets no GPU: `who`, the page in words (page-who, or the
## page's own: "The studio"); `why`, the reason (the browser's or the core's
## words, in English). What works without a GPU follows after the space.
page-needs-webgpu = { $who }にはWebGPUが必要ですが、{ $why }。
page-who = このページ
page-could-not-start = ページを開始できませんでした：{ $why }
# The name given to a picture pasted without one (a screenshot).
page-pasted-picture = 貼り付けた画像

## A lost GPU device. `reason`: the browser's own words for the loss.
page-lost-no-reason = 理由の説明なし
page-device-lost = GPUデバイスが失われました（{ $reason }）。新しいデバイスを開いています…
# `ms`: whole milliseconds.
page-device-reset = GPUがリセットされました（{ $reason }）。{ $ms } msで新しいデバイスを開きました。
page-device-gone = GPUデバイスが失われ（{ $reason }）、新しいデバイスを得られませんでした（{ $why }）。
# After "Try the GPU again" failed: no loss to tell of.
page-device-gone-retried = GPUデバイスが失われ、新しいデバイスを得られませんでした（{ $why }）。

## Times and rates. `ms`, `us`: the number, already written (a no-break space keeps its unit on its line).
page-ms = { $ms } ms
page-us = { $us } µs
# A time shorter than the browser's timer tells.
page-ms-under-step = 0.1 ms未満
# `fps`: the rate as written; `count`: the same, as a number.
page-per-second = { $count ->
       *[other] 毎秒{ $fps }フレーム
    }
# How a count was timed: `wall`, `gpu`, times (page-ms).
page-time-cpu = { $wall }（実時間、performance.now()）
page-time-gpu = GPU上で{ $gpu }（タイムスタンプクエリ。ブラウザが丸めることがあります） · ビンがCPUに戻るまで{ $wall }
page-time-wall = 送信からビンが戻るまでの実時間で{ $wall }（{ $why }）
untimed-why = { $why ->
        [late] このアダプターはCPU上のMesaのllvmpipeとみなされ、llvmpipeはタイムスタンプをコンピュートパスの実行時ではなく描画時に書くため、使いません
       *[none] このアダプターにはタイムスタンプクエリがありません
    }
# `time`: one of the three above, on an adapter the CPU plays.
page-time-software = { $time }。CPUアダプター（GPUを代行するソフトウェア）での値で、実際のGPUよりはるかに遅くなります
