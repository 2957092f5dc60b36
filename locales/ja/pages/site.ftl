# What the build writes on every page: the language switch, a translation's note,
# and the notice for a page a language does not have yet.
languages-label = 言語
missing-title = 未翻訳 · WebGPU 画像ヒストグラム
missing-heading = このページはまだ翻訳されていません
missing-link = 英語版を読む
# Shown only on a language whose `machine` is set in www/languages.js.
translation-machine = このページは英語版を言語モデルで翻訳したものです。内容は英語版を正とします。
