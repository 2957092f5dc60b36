# What the build writes on every page: the language switch, a translation's note,
# and the notice for a page a language does not have yet.
languages-label = 언어
missing-title = 아직 번역되지 않음 · WebGPU 이미지 히스토그램
missing-heading = 이 페이지는 아직 번역되지 않았습니다
missing-link = 영어 원문으로 읽기
# Shown only on a language whose `machine` is set in www/languages.js.
translation-machine =
    이 페이지는 언어 모델이 영어에서 번역했습니다. 기준은 영어 원문입니다.
