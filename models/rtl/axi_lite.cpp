#include "axi_lite.h"

namespace fireplane::rtl {

const char* axi_resp_name(uint32_t resp) {
    static const char* const kNames[] = {"OKAY", "EXOKAY", "SLVERR", "DECERR"};
    return resp < 4 ? kNames[resp] : "invalid";
}

namespace {
std::string pin(const std::string& prefix, const char* name) {
    return prefix + "_" + name;
}
} // namespace

AxiLitePins::AxiLitePins(const std::string& p)
    : clk(pin(p, "clk").c_str()), resetn(pin(p, "resetn").c_str()),
      awaddr(pin(p, "awaddr").c_str()), awprot(pin(p, "awprot").c_str()),
      awvalid(pin(p, "awvalid").c_str()), awready(pin(p, "awready").c_str()),
      wdata(pin(p, "wdata").c_str()), wstrb(pin(p, "wstrb").c_str()),
      wvalid(pin(p, "wvalid").c_str()), wready(pin(p, "wready").c_str()),
      bresp(pin(p, "bresp").c_str()), bvalid(pin(p, "bvalid").c_str()),
      bready(pin(p, "bready").c_str()), araddr(pin(p, "araddr").c_str()),
      arprot(pin(p, "arprot").c_str()), arvalid(pin(p, "arvalid").c_str()),
      arready(pin(p, "arready").c_str()), rdata(pin(p, "rdata").c_str()),
      rresp(pin(p, "rresp").c_str()), rvalid(pin(p, "rvalid").c_str()),
      rready(pin(p, "rready").c_str()) {}

} // namespace fireplane::rtl
