# What the core says of a picture (src/words.rs): its pages word these in the
# page's language, the command line and Python in English. $-arguments that are
# sizes ("4099x1") or decimals come as the core writes them; counts as numbers.

## How it was decoded (src/decode/)

note-grey = 그레이스케일: R, G, B 값이 모두 회색 값과 같습니다.
# $frames: how many frames the file holds.
note-animated-png = 애니메이션 PNG: 프레임 { $frames }개 중 첫 프레임을 셉니다.
note-animated-png-still = 정지 이미지가 프레임 중 하나가 아닌 애니메이션 PNG: 정지 이미지(애니메이션을 지원하지 않는 뷰어에 표시되는 이미지)를 셉니다.
note-animated-gif = 애니메이션 GIF: 프레임 { $frames }개 중 첫 프레임을 셉니다.
note-animated-webp = 애니메이션 WebP: 프레임 { $frames }개 중 첫 프레임을 셉니다.
# $name: the profile's own name, as the file gives it.
note-profile = 파일에 색 프로필({ $name })이 들어 있지만 카운트에는 적용하지 않고, 저장된 값을 그대로 셉니다.
# $why: libjpeg-turbo's own words (English), as it says them.
note-jpeg-warned = libjpeg-turbo 경고: { $why }(어느 세그먼트에도 속하지 않는 바이트). 모든 픽셀을 디코딩했습니다.
note-float-eight = 부동소수점(HDR) 샘플: 여기서는 각 선형 값을 0..1 범위로 제한한 뒤 8비트로 반올림해서 셉니다. 명령줄 도구는 값을 그대로 세고, 휘도는 스톱 단위로 셉니다.
note-sixteen-deep = 채널당 16비트: 원래 비트 심도 그대로 65536단계로 셉니다.
note-sixteen-eight = 채널당 16비트: 각 값을 가장 가까운 8비트 값으로 셉니다.
# $bits: 1, 2 or 4; $levels: 2, 4 or 16; $step: what a level is multiplied by.
note-few-bits = 채널당 { $bits }비트, { $levels }단계: 각 단계를 해당하는 8비트 값(단계 x { $step })으로 세며, 이 값도 같은 빈에 들어갑니다.
note-translucent = 반투명한 픽셀이 있습니다. 알파 값과 관계없이 각 픽셀을 그 픽셀의 색 그대로 셉니다.

## How it was counted (src/hdr.rs, engine/src/count/)

# $max, $from, $to: the range's top and its luminance in stops, as decimals.
note-hdr-counts = 선형 부동소수점(HDR) 샘플: R, G, B는 [0, { $max }] 범위에서, 휘도는 { $from }스톱부터 { $to }스톱까지 셉니다. 범위 아래의 채널 값이 { $below }개, 범위 위의 채널 값이 { $above }개, NaN이나 무한대 샘플이 있는 픽셀(어느 빈에도 들어가지 않음)이 { $invalid }개, 휘도가 1.0을 넘는 값이 { $above-one }개 있습니다.
note-range-hdr-only = --range는 HDR(부동소수점) 이미지에만 적용됩니다.
# $levels of a channel at $depth bits; $empty of the $bins can hold no pixel.
note-comb = R, G, B는 { $levels }단계(채널당 { $depth }비트)입니다. 빈 { $bins }개 중 { $empty }개에는 픽셀이 들어갈 수 없어, 채워진 빈 사이사이에 비어 있는 채로 남습니다. 세 채널의 가중합인 휘도는 모든 빈을 채울 수 있습니다.
# $asked: the method asked for (an identifier); $bins: the most bins it counts.
note-deep-kernel = deep 커널로 셌습니다. 요청한 방식({ $asked })은 8비트 샘플만, 최대 { $bins }개의 빈으로 셉니다.

## How it was cut to the device (src/gpu/plan.rs)

# $size: the picture's, "4099x1"; $block: "64x64"; $rest: the pixels past the block.
note-reshaped = 이미지가 { $size } 크기로 가늘고 길어서, GPU의 워크그룹이 꽉 찬 행 단위로 작업을 받도록 픽셀을 { $block } 블록 하나와 나머지 픽셀 { $rest }개로 다시 배치했습니다. 픽셀의 위치는 히스토그램에 영향을 주지 않습니다.
# $side: the device's largest texture side; $tiles: how many textures.
note-tiles-textures = 이미지가 GPU의 최대 텍스처 크기(한 변 { $side } px)보다 커서 텍스처 { $tiles }개로 나누어 업로드했습니다.
# $mib: the largest storage buffer binding in MiB; $tiles: how many buffers.
note-tiles-buffers = 이미지가 스토리지 버퍼 바인딩 하나의 최대 크기({ $mib } MiB)보다 커서, 행이 잘리지 않게 버퍼 { $tiles }개로 나누어 업로드했습니다.
# $bands: how many; $band: the largest, "2048x1024"; $workgroups, $mib: the device's limits.
note-bands = 장치 한도(차원당 워크그룹 { $workgroups }개, 스토리지 버퍼당 { $mib } MiB)를 넘지 않도록 최대 { $band } 픽셀 크기의 밴드 { $bands }개로 나누어 처리했습니다.
# The same where the device also bounds a shader's loop ($iterations).
note-bands-loops = 장치 한도(차원당 워크그룹 { $workgroups }개, 스토리지 버퍼당 { $mib } MiB, 셰이더 루프당 반복 { $iterations }회)를 넘지 않도록 최대 { $band } 픽셀 크기의 밴드 { $bands }개로 나누어 처리했습니다.
# $why: why the GPU's decoder did not take the file.
note-decoded-by-cpu = GPU가 아닌 CPU로 디코딩했습니다: { $why }.
