# The simulator: ELF loader, user-mode Linux, platform builder and the CLI.
find_package(PkgConfig REQUIRED)
pkg_check_modules(LIBELF REQUIRED IMPORTED_TARGET libelf)

add_library(fireplane_platform STATIC
  ${CMAKE_CURRENT_LIST_DIR}/loader/elf_image.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/address_space.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/context_traps.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/cpu_clocks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/fd_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/guest_abi.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/linux_process.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/syscall_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/syscalls_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/syscalls_memory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/syscalls_process.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/syscalls_time.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/syscalls_thread.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/guest_thread.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/interval_timers.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/signal_delivery.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/signal_facts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/signal_frame.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/syscalls_signal.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/syscalls_timer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/thread_scheduler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/builder/platform_builder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/busstat/busstat_events.cpp
  ${CMAKE_CURRENT_LIST_DIR}/busstat/busstat_sampler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/busstat/interval_clock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/busstat/trace_sampler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/profiling/backtrack.cpp
  ${CMAKE_CURRENT_LIST_DIR}/profiling/collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/profiling/experiment_writer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/profiling/function_index.cpp
  ${CMAKE_CURRENT_LIST_DIR}/profiling/hw_counters.cpp
  ${CMAKE_CURRENT_LIST_DIR}/profiling/load_map.cpp
  ${CMAKE_CURRENT_LIST_DIR}/profiling/stack_walk.cpp
)
# The OS layer spawns processes during the simulation (sc_spawn: its timers).
target_compile_definitions(fireplane_platform PUBLIC SC_INCLUDE_DYNAMIC_PROCESSES)
target_include_directories(fireplane_platform PUBLIC ${CMAKE_CURRENT_LIST_DIR} ${CMAKE_CURRENT_LIST_DIR}/linux)
target_link_libraries(fireplane_platform PUBLIC fireplane_cpu fireplane_devices fireplane_fireplane fireplane_firelink fireplane_core PkgConfig::LIBELF)

# The experiment analyzer (`fireplane analyze`): reports over `collect` folders.
pkg_check_modules(LIBDW REQUIRED IMPORTED_TARGET libdw)
add_library(fireplane_analyzer STATIC
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/analyzer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/experiment.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/metrics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/profile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/program_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/report_code.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/report_data_objects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/report_functions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/report_misc.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/report_truth.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/session.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/source_lines.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/symbol_map.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analyzer/tsv_file.cpp
)
target_include_directories(fireplane_analyzer PUBLIC ${CMAKE_CURRENT_LIST_DIR})
# fireplane_platform: the ELF loader; fireplane_sparc_iss: the disassembler.
target_link_libraries(fireplane_analyzer PUBLIC fireplane_platform fireplane_sparc_iss yaml-cpp
                      PkgConfig::LIBDW)

# The git revision --version reports, refreshed at every build.
set(git_revision_cpp ${CMAKE_BINARY_DIR}/generated/git_revision.cpp)
add_custom_target(fireplane_git_revision
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DOUTPUT=${git_revision_cpp}
          -P ${PROJECT_SOURCE_DIR}/cmake/git_revision.cmake
  BYPRODUCTS ${git_revision_cpp}
  COMMENT "git revision for --version")

add_executable(fireplane
  ${CMAKE_CURRENT_LIST_DIR}/cli/main.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/info_commands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/run_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/run_control.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/monitor_tools.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/busstat_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/run_summary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/analyze_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/progress_line.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/simulation_loop.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/version.cpp
  ${git_revision_cpp}
)
add_dependencies(fireplane fireplane_git_revision)
target_compile_definitions(fireplane PRIVATE FIREPLANE_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                                             FIREPLANE_VERSION="${PROJECT_VERSION}")
target_link_libraries(fireplane PRIVATE fireplane_platform fireplane_analyzer CLI11::CLI11)
