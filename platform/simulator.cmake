# The simulator: ELF loader, user-mode Linux, platform builder and the CLI.
find_package(PkgConfig REQUIRED)
pkg_check_modules(LIBELF REQUIRED IMPORTED_TARGET libelf)

add_library(fireplane_platform STATIC
  ${CMAKE_CURRENT_LIST_DIR}/loader/elf_image.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/address_space.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linux/context_traps.cpp
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
  ${CMAKE_CURRENT_LIST_DIR}/linux/thread_scheduler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/builder/platform_builder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/busstat/busstat_events.cpp
  ${CMAKE_CURRENT_LIST_DIR}/busstat/busstat_sampler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/busstat/trace_sampler.cpp
)
# The OS layer and the host tools spawn processes during the simulation (sc_spawn).
target_compile_definitions(fireplane_platform PUBLIC SC_INCLUDE_DYNAMIC_PROCESSES)
target_include_directories(fireplane_platform PUBLIC ${CMAKE_CURRENT_LIST_DIR} ${CMAKE_CURRENT_LIST_DIR}/linux)
target_link_libraries(fireplane_platform PUBLIC fireplane_cpu fireplane_devices fireplane_fireplane fireplane_firelink fireplane_core PkgConfig::LIBELF)

add_executable(fireplane
  ${CMAKE_CURRENT_LIST_DIR}/cli/main.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/info_commands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/run_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/run_control.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/monitor_tools.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/busstat_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/run_summary.cpp
)
target_compile_definitions(fireplane PRIVATE FIREPLANE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
target_link_libraries(fireplane PRIVATE fireplane_platform CLI11::CLI11)
