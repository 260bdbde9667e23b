#include "register_sun4u.h"

#include "fw_cfg.h"
#include "models/common/interrupts.h"
#include "nvram_image.h"
#include "sabre.h"
#include "sun4u_nvram.h"
#include "sun4u_power.h"

#include "core/factory/model_factory.h"
#include "core/factory/param_table.h"
#include "models/devices/tod_calendar.h"

#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>

namespace fireplane {

namespace {

const ParamTable<FwCfgConfig>& fw_cfg_params() {
    using C = FwCfgConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base,
                     "physical address of its 2-byte port window (sun4u: the ebus's port 0x510)")
            .required()
            .count("machine_id", &C::machine_id, 0, 0xffff,
                   "machine_id item: 0 = sun4u, 64 = sun4v")
            .flag("nographic", &C::nographic,
                  "nographic item: true makes OpenBIOS use ttya for its console")
            .text("boot_device", &C::boot_device,
                  "boot_device item: one letter, a (floppy), c (disk), d (cdrom) or n (net)")
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (c.boot_device.size() != 1)
                    return ConfigProblem{"boot_device", "must be one letter (a, c, d or n)"};
                return range_wraps(c.base, FwCfg::kWindowSize, "base");
            });
    return table;
}

const ParamTable<Sun4uPowerConfig>& sun4u_power_params() {
    using C = Sun4uPowerConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base,
                     "physical address of its 4-byte register (sun4u: the ebus's port 0x7240)")
            .required()
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (c.base % 4 != 0) return ConfigProblem{"base", "must be 4-byte aligned"};
                return range_wraps(c.base, Sun4uPower::kWindowSize, "base");
            });
    return table;
}

const ParamTable<Sun4uNvramConfig>& sun4u_nvram_params() {
    using C = Sun4uNvramConfig;
    using M = M48t59Config;
    static const auto table =
        ParamTable<C>()
            .address("base", field(&C::m48t59, &M::base),
                     "physical address of its 8 KiB (sun4u: the ebus's port 0x2000)")
            .required()
            .text("epoch", field(&C::m48t59, &M::epoch),
                  "the time at simulated time zero, UTC: YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS or "
                  "Unix seconds (1970 to 2099)")
            .count("interrupt", field(&C::m48t59, &M::interrupt), 0, kMaxInterruptNumber,
                   "interrupt number of its IRQ/FT line (alarm, watchdog); 0: not connected")
            .text("mac", &C::mac, "Ethernet address in the IDPROM, as 52:54:00:12:34:56")
            .text("env", &C::env,
                  "Open Firmware variables in the NVRAM: name=value lines; an indented line "
                  "continues the value above (an nvramrc script)")
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                try {
                    parse_epoch(c.m48t59.epoch);
                } catch (const std::invalid_argument& e) {
                    return ConfigProblem{"epoch", e.what()};
                }
                if (c.m48t59.base % M48t59::kSize != 0)
                    return ConfigProblem{"base", "the NVRAM window must be 8 KiB aligned"};
                return range_wraps(c.m48t59.base, M48t59::kSize, "base");
            })
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                try {
                    sun4u_nvram::parse_mac(c.mac);
                } catch (const std::invalid_argument& e) {
                    return ConfigProblem{"mac", e.what()};
                }
                try {
                    sun4u_nvram::build_image({}, sun4u_nvram::parse_env(c.env));
                } catch (const std::invalid_argument& e) {
                    return ConfigProblem{"env", e.what()};
                }
                return std::nullopt;
            });
    return table;
}

std::unique_ptr<sc_core::sc_module> create_sun4u_nvram(const char* name, const Params& p) {
    const M48t59Config c = sun4u_nvram_m48t59_config(sun4u_nvram_params().read(p));
    return std::make_unique<M48t59>(name, c);
}

const ParamTable<SabreConfig>& sabre_params() {
    using C = SabreConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base,
                     "physical address of its registers; PCI configuration space at +16 MiB, "
                     "PCI I/O space at +32 MiB")
            .address("memory_base", &C::memory_base, "physical address of the PCI memory space")
            .bytes("memory_size", &C::memory_size, 1, uint64_t(1) << 32,
                   "bytes of the PCI memory space")
            .count("agent_id", &C::agent_id, 0, 31,
                   "its port ID: the interrupt group (IGN) of its INRs and the source of its "
                   "interrupt vectors")
            .time("latency", &C::latency, false, "added to every access through the bridge")
            .time("interrupt_retry", &C::interrupt_retry, true,
                  "wait before a NACKed interrupt vector is sent again")
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (c.base % Sabre::kRegisterBytes != 0)
                    return ConfigProblem{"base", "the register block must be 64 KiB aligned"};
                if (c.memory_base < c.base + Sabre::kIoOffset + Sabre::kSpaceBytes)
                    return ConfigProblem{"memory_base",
                                         "the PCI memory space must lie above the I/O space"};
                return std::nullopt;
            });
    return table;
}

} // namespace

void register_sun4u_device_models(ModelFactory& factory) {
    // The rules check all FwCfg would refuse.
    factory.add(model_type<FwCfg>("fw_cfg",
                                  "QEMU's firmware configuration device (port interface, no DMA): "
                                  "the items OpenBIOS reads at boot, filled in by the platform",
                                  fw_cfg_params()));
    factory.add(model_type<Sun4uPower>(
        "sun4u_power", "the sun4u power register: a write with bit 24 set powers the machine off",
        sun4u_power_params()));
    factory.add({"sun4u_nvram",
                 "the sun4u board's M48T59 clock, its NVRAM holding OpenBIOS's variables and "
                 "the IDPROM",
                 sun4u_nvram_params().specs(), create_sun4u_nvram});
    factory.add({"sabre",
                 "Sabre PCI host bridge (sun4u): registers, IOMMU registers, interrupt mapping "
                 "sent as INT transactions, PCI configuration, I/O and memory spaces on its root "
                 "bus",
                 sabre_params().specs(),
                 [](const char* name, const Params& p) -> std::unique_ptr<sc_core::sc_module> {
                     try {
                         return std::make_unique<Sabre>(name, sabre_params().read(p));
                     } catch (const std::invalid_argument& e) {
                         p.fail("memory_base", e.what());
                     }
                 }});
}

} // namespace fireplane
