# What the build writes on every page: the language switch, a translation's note,
# and the notice for a page a language does not have yet.
languages-label = Language
missing-title = Not translated yet · WebGPU Image Histogram
missing-heading = This page is not translated yet
missing-link = Read it in English
# Shown only on a language whose `machine` is set in www/languages.js.
translation-machine = This page was translated by a language model from the English; the English is the reference.
