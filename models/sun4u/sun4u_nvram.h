#pragma once
// sun4u_nvram: the sun4u board's M48T59 (8 KiB NVRAM and clock at ebus port
// 0x2000), its NVRAM starting with the image OpenBIOS expects
// (nvram_image.h): the Open Firmware variables from `env` and the IDPROM
// with `mac`. A factory type only: the model is an M48t59.
#include "models/devices/m48t59.h"

#include <string>

namespace fireplane {

struct Sun4uNvramConfig {
    M48t59Config m48t59;                   // base, epoch, interrupt (image: from mac and env)
    std::string mac = "52:54:00:12:34:56"; // QEMU's default first NIC address
    std::string env;                       // name=value lines (sun4u_nvram::parse_env)
};

// The M48t59's configuration with the image built in. Throws
// std::invalid_argument for a bad MAC address or an env that does not parse or fit.
M48t59Config sun4u_nvram_m48t59_config(const Sun4uNvramConfig& config);

} // namespace fireplane
