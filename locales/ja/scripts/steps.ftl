# The steps (src/gpu/steps/) as the chapters and the timings page name them, and
# what each pass does. Ids by the core's names; the English is the core's own
# (each step's `label`, each kernel's `does`), so a step added there needs its
# messages here.

## What the method choices, the times side by side and the timings table's
## columns call a step ("pixel/workgroup" and the chunk steps: the article's
## column names; "(ours)": a kernel past the article).
step-label-single = 単一
step-label-race = 競合
step-label-atomic = ピクセル/ワークグループ
step-label-fragment = フラグメント
step-label-chunks-sum = チャンク + 合計
step-label-chunks-reduce = チャンク + リデュース
step-label-privatized = プライベート化（独自）
step-label-packed = パック（独自）
step-label-deep = 16ビット深度（独自）
step-label-subgroups = サブグループ（独自）

## What a pass does, beside its time in a chapter's table of passes: a short
## phrase, no capital, no full stop.
pass-does-single = 1つの呼び出しが全ピクセルをたどる
pass-does-race = ピクセルごとに呼び出し1つ、通常の加算
pass-does-atomic = ピクセルごとに呼び出し1つ、atomicAdd
pass-does-fragment = ピクセルごとにフラグメント1つ
pass-does-chunks = 各ワークグループが自分のチャンクを数える
pass-does-sum = ビンごとに呼び出し1つがチャンクを合計
pass-does-reduce = チャンクをペアごとに加算
pass-does-privatized = ワークグループがプライベートなビンで数える
pass-does-packed = 1回のロードで4ピクセル、ビンは複製
pass-does-deep = 16ビットのサンプルをプライベートなビンで数える
pass-does-subgroups = 同じ色のサブグループは1回だけ加算
# The GPU-drawing chapter's two passes.
pass-does-scale = 最も高いビンを見つけ、スケールを求める
pass-does-draw = フラグメントシェーダーが棒を描く

# The passes the core names by identifiers (www/l10n.js: counterName, drawingName;
# www/pass-times.js: a reduce step's pass, "reduce:4", with its $stride; a draw pass,
# "draw:rgb", by the panel it draws).
pass-name-frame-pass = フレームパス
pass-name-kernel = { $method }カーネル
pass-name-compose-pass = 合成パス
pass-name-render-pass = レンダーパス
pass-name-stride = { $kernel }、ストライド{ $stride }
pass-name-draw-rgb = draw: R、G、B
pass-name-draw-luminance = draw: 輝度
