# `fireplane collect`: the counter lists, the collector against the
# simulator's truth, skid and backtracking, threads, and bad input.
# (Included from CMakeLists.txt; the analyzer's tests are beside it.)
set(fp $<TARGET_FILE:fireplane>)
set(hotspots ${CMAKE_BINARY_DIR}/sw/profiling/hotspots)
set(check_collect ${CMAKE_CURRENT_SOURCE_DIR}/check_collect.py ${fp})

# Golden: `collect` with no program prints both lists in the manual's format.
add_test(NAME profiling.collect.counter_list
         COMMAND sh -c "\"$1\" collect | diff -u \"$2\" -" sh ${fp}
                 ${CMAKE_CURRENT_SOURCE_DIR}/counter_list.golden)

add_test(NAME profiling.collect.packets_equal_wraps
         COMMAND ${check_collect} ${hotspots} counts -- -h cycles,200003 -h dcrm,1009)
add_test(NAME profiling.collect.packets_equal_wraps_raw
         COMMAND ${check_collect} ${hotspots} counts -- -h Re_DC_miss,20011 -h DC_rd,1009)
foreach(skid 0 1 2 5)
  add_test(NAME profiling.collect.skid${skid}_backtracking
           COMMAND ${check_collect} ${hotspots} skid ${skid})
endforeach()
add_test(NAME profiling.collect.threads_on_two_cpus
         COMMAND ${check_collect} ${CMAKE_BINARY_DIR}/sw/tests/mt_pthreads threads
                 ${PROJECT_SOURCE_DIR}/tests/qemu/smp2-detailed.yaml)
# The analyzer ranks known hot spots right, within 5% of the exact counts.
add_test(NAME profiling.collect.hotspots_ranked_within_error
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/check_hotspots.py ${fp} ${hotspots})
# scripts/skid_study: backtracking against the truth at several skids, as the
# miss loop's layout implies (skid 0: load and address; 2: load only; 5: neither).
add_test(NAME profiling.skid_study
         COMMAND sh -c "mkdir -p \"$2\" && \"$1\" --build-dir \"$4\" --skids 0,2,5 --out \"$2\" -- \"$3\" 2 1000 > \"$2/out.txt\" &&
                        grep -Eq '^[|] 0 [|] [0-9]+ [|] 100.0% [|] 100.0% [|] 100.0% [|]$' \"$2/out.txt\" &&
                        grep -Eq '^[|] 2 [|] [0-9]+ [|] 100.0% [|] 100.0% [|] 0.0% [|]$' \"$2/out.txt\" &&
                        grep -Eq '^[|] 5 [|] [0-9]+ [|] 0.0% [|] 0.0% [|] 0.0% [|]$' \"$2/out.txt\" &&
                        test -s \"$2/skid_study.png\""
                 sh ${PROJECT_SOURCE_DIR}/scripts/skid_study ${CMAKE_CURRENT_BINARY_DIR}/skid_study
                 ${hotspots} ${CMAKE_BINARY_DIR})
set_tests_properties(profiling.skid_study PROPERTIES LABELS profiling TIMEOUT 120)
add_test(NAME profiling.collect.deterministic COMMAND ${check_collect} ${hotspots} deterministic)

# Bad input: a one-line error and exit code 2, never a crash.
set(expect ${PROJECT_SOURCE_DIR}/tests/errors/expect_failure.sh)
function(collect_error name regex)
  add_test(NAME profiling.collect.error.${name}
           COMMAND ${expect} 2 "${regex}" -- ${fp} collect -q ${ARGN} -- ${hotspots} 1 10)
endfunction()
collect_error(unknown_counter "unknown counter 'dcrmx'" -h dcrmx)
collect_error(bad_overflow "bad overflow value '12abc'" -h dcrm,12abc)
collect_error(zero_overflow "bad overflow value '0'" -h cycles,0)
collect_error(overflow_too_big "bad overflow value '4294967296'" -h cycles,4294967296)
collect_error(same_register "'dcrm' and 'ecm' cannot be collected together: both need register 1"
              -h dcrm -h ecm)
collect_error(three_counters "at most 2 hardware counters" -h cycles -h insts -h dcrm)
collect_error(wrong_register "'dcrm' cannot use register 0" -h dcrm/0)
collect_error(backtrack_non_memory "'cycles' is not a memory-related counter" -h +cycles)
add_test(NAME profiling.collect.error.existing_folder
         COMMAND ${expect} 2 "experiment '.*' already exists" -- ${fp} collect -q -o
                 ${CMAKE_CURRENT_SOURCE_DIR} -- ${hotspots} 1 10)

get_property(collect_tests DIRECTORY PROPERTY TESTS)
list(FILTER collect_tests INCLUDE REGEX "^profiling\\.collect\\.")
set_tests_properties(${collect_tests} PROPERTIES LABELS profiling TIMEOUT 120)
