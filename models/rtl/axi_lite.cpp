#include "axi_lite.h"

namespace fireplane::rtl {

const char* axi_resp_name(uint32_t resp) {
    static const char* const kNames[] = {"OKAY", "EXOKAY", "SLVERR", "DECERR"};
    return resp < 4 ? kNames[resp] : "invalid";
}

} // namespace fireplane::rtl
