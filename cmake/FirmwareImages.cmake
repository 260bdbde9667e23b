# Bare-metal firmware images for `fireplane boot`, built with Debian's sparc64
# cross gcc against the SDK in sw/firmware (reset code, linker script, UART
# and power-off): freestanding, no libc, -mcmodel=medany (the code is linked
# at the reset VA 0xfffffffff0000000, data in RAM at 4 MiB).
#
#   fireplane_firmware_image(NAME hello SOURCES hello.c [CFLAGS ...])
#
# Images land in ${CMAKE_BINARY_DIR}/sw/firmware/<name>; unlike
# fireplane_sparc_program they are not Linux programs and are not recorded in
# FIREPLANE_SPARC_PROGRAMS.
# Built by the same worker as the programs (cmake/SparcPrograms.cmake).
set(FIREPLANE_FIRMWARE_SDK ${PROJECT_SOURCE_DIR}/sw/firmware)

function(fireplane_firmware_image)
  cmake_parse_arguments(P "" "NAME" "SOURCES;CFLAGS" ${ARGN})
  if(NOT SPARC_CC)
    message(FATAL_ERROR "sparc64-linux-gnu-gcc not found: install Debian's gcc-sparc64-linux-gnu")
  endif()
  set(sdk ${FIREPLANE_FIRMWARE_SDK})
  set(sources ${sdk}/start.S ${sdk}/trap_table.S ${sdk}/fw.c ${sdk}/fw_traps.c ${sdk}/fw_cpus.c ${sdk}/fw_vectors.c ${sdk}/fw_mmu.c)
  foreach(src ${P_SOURCES})
    list(APPEND sources ${CMAKE_CURRENT_SOURCE_DIR}/${src})
  endforeach()
  set(cflags ${P_CFLAGS})
  _fireplane_default_level(cflags)
  _fireplane_sparc_build(${P_NAME} firmware ${SPARC_CC} "${sources}"
    "-ffreestanding;-nostdlib;-no-pie;-fno-pic;-mcmodel=medany;-Wall;-Wextra;${cflags};-I${sdk};-T;${sdk}/firmware.ld;-Wl,--build-id=none"
    "" DEPENDS ${sdk}/firmware.ld ${sdk}/fw.h ${sdk}/fw_asm.h)
endfunction()
