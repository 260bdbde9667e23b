# libFuzzer targets (clang only), built by scripts/fuzz in build-fuzz/:
#
#   fireplane_fuzzer(NAME executor SOURCES executor_fuzzer.cpp LIBS fireplane_sparc_iss
#                    [SEEDS generator-name])
#
# With FIREPLANE_FUZZ on, every host library is built with libFuzzer's
# coverage and with AddressSanitizer and UndefinedBehaviorSanitizer, and each
# target is ${CMAKE_BINARY_DIR}/fuzz/<NAME>, under the `fuzzers` target.
# FIREPLANE_FUZZERS lists "<NAME>:<SEEDS>" for scripts/fuzz, which makes the
# seed corpus. Without FIREPLANE_FUZZ the function does nothing.
option(FIREPLANE_FUZZ "Build the libFuzzer targets (needs clang)" OFF)
if(FIREPLANE_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "FIREPLANE_FUZZ needs clang (scripts/fuzz uses clang++-14)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
  add_custom_target(fuzzers)
  add_library(fireplane_fuzz_main OBJECT ${CMAKE_CURRENT_LIST_DIR}/../tests/fuzz/fuzz_main.cpp)
  set_property(GLOBAL PROPERTY FIREPLANE_FUZZERS "")
endif()

function(fireplane_fuzzer)
  if(NOT FIREPLANE_FUZZ)
    return()
  endif()
  cmake_parse_arguments(F "" "NAME;SEEDS" "SOURCES;LIBS" ${ARGN})
  add_executable(fuzz_${F_NAME} EXCLUDE_FROM_ALL ${F_SOURCES})
  target_link_libraries(fuzz_${F_NAME} PRIVATE ${F_LIBS} fireplane_fuzz_main)
  target_link_options(fuzz_${F_NAME} PRIVATE -fsanitize=fuzzer)
  set_target_properties(fuzz_${F_NAME} PROPERTIES OUTPUT_NAME ${F_NAME}
                        RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz)
  add_dependencies(fuzzers fuzz_${F_NAME})
  set_property(GLOBAL APPEND PROPERTY FIREPLANE_FUZZERS "${F_NAME}:${F_SEEDS}")
endfunction()

# Called last: the list scripts/fuzz reads.
function(fireplane_write_fuzzer_list)
  if(FIREPLANE_FUZZ)
    get_property(list GLOBAL PROPERTY FIREPLANE_FUZZERS)
    string(REPLACE ";" "\n" text "${list}")
    file(WRITE ${CMAKE_BINARY_DIR}/fuzz/targets.txt "${text}\n")
  endif()
endfunction()
