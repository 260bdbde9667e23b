#pragma once
// RtlDevice<Block>: a Verilated block as a platform device. The block's
// ports say what it is, so one template serves every block:
//   clk, resetn, s_axi_*   its registers, behind an AxiLiteBridge (BusTarget),
//                          with an AxiLiteChecker on the pins (required);
//   m_axi_*                an AXI4 master, through an AxiMasterBridge
//                          (BusInitiator, CoherentAgent), with an Axi4Checker:
//                          DMA into the machine;
//   irq                    a level interrupt (InterruptSource, `interrupt`);
//   busy                   keeps the clock running while high (work of its own);
//   tr_*                   the bus's transactions (BusObserver), from a
//                          TransactionStream, drained before each register access.
// Block is the class fireplane_add_rtl() made.
#include "axi4_checker.h"
#include "axi_lite_bridge.h"
#include "axi_lite_checker.h"
#include "axi_master_bridge.h"
#include "interrupt_pin.h"
#include "rtl_clock.h"
#include "transaction_stream.h"

#include <systemc>

#include <optional>
#include <type_traits>
#include <utility>

namespace fireplane::rtl {

struct RtlDeviceConfig {
    AxiLiteBridgeConfig registers;
    RtlClockConfig clock;
    unsigned interrupt = 0; // INO of `irq`; 0: not connected
    AxiMasterBridgeConfig master;
};

// Which interfaces a Verilated block has, by its ports' names.
#define FIREPLANE_RTL_HAS_PORT(trait, port)                                                        \
    template <class B, class = void> struct trait : std::false_type {};                            \
    template <class B>                                                                             \
    struct trait<B, std::void_t<decltype(std::declval<B&>().port)>> : std::true_type {};
FIREPLANE_RTL_HAS_PORT(HasAxiMaster, m_axi_awvalid)
FIREPLANE_RTL_HAS_PORT(HasIrq, irq)
FIREPLANE_RTL_HAS_PORT(HasBusy, busy)
FIREPLANE_RTL_HAS_PORT(HasStream, tr_valid)
#undef FIREPLANE_RTL_HAS_PORT

// The roles an optional part brings, forwarded to it. A block without the
// part has the empty base instead, so the builder does not see the role.
struct MasterRoles : BusInitiator, CoherentAgent {
    AxiMasterBridge* master = nullptr;
    void bind_initiators(TargetPort& bus) override { master->bind_initiators(bus); }
    void bind_requests(TargetPort& to) override { master->bind_requests(to); }
    TargetPort& snoop_port() override { return master->snoop_port(); }
};
struct InterruptRole : InterruptSource {
    InterruptPin* pin = nullptr;
    void connect_interrupt(InterruptInput& to) override { pin->connect(to); }
    unsigned interrupt_number() const override { return pin->number(); }
};
struct ObserverRole : BusObserver {
    TransactionStream* stream = nullptr;
    TargetPort& observer_port() override { return stream->observe; }
    bool host_readable() const override { return false; } // registers behind the block's clock
};
template <int> struct NoRole {};

template <class Block>
class RtlDevice : public sc_core::sc_module,
                  public BusTarget,
                  public std::conditional_t<HasAxiMaster<Block>::value, MasterRoles, NoRole<0>>,
                  public std::conditional_t<HasIrq<Block>::value, InterruptRole, NoRole<1>>,
                  public std::conditional_t<HasStream<Block>::value, ObserverRole, NoRole<2>> {
public:
    RtlDevice(sc_core::sc_module_name name, const RtlDeviceConfig& config)
        : sc_module(name), clock("clock", config.clock), bridge("bridge", config.registers, clock),
          block("block"), checker("checker", bridge.pins, clock) {
        clock.bind(block);
        bridge.pins.bind_slave(block);
        if constexpr (HasAxiMaster<Block>::value) {
            AxiMasterBridgeConfig m = config.master;
            m.timeout_cycles = config.registers.timeout_cycles; // one `timeout_cycles` for both
            master.emplace("master", m, clock);
            master->pins.bind_master(block);
            master_checker.emplace("master_checker", master->pins, clock);
            this->MasterRoles::master = &*master;
        }
        if constexpr (HasIrq<Block>::value) {
            irq.emplace("irq", config.interrupt);
            block.irq(irq->level);
            this->InterruptRole::pin = &*irq;
        }
        if constexpr (HasBusy<Block>::value) {
            block.busy(busy);
            clock.run_while(busy);
        }
        if constexpr (HasStream<Block>::value) {
            stream.emplace("stream", clock);
            stream->bind(block);
            this->ObserverRole::stream = &*stream;
            bridge.before_access([this] { stream->drain(); });
        }
    }

    TargetPort& bus_target() override { return bridge.bus_target(); }
    AddressRange bus_range() const override { return bridge.bus_range(); }

    RtlClock clock;
    AxiLiteBridge bridge;
    Block block;
    AxiLiteChecker checker;
    std::optional<AxiMasterBridge> master;
    std::optional<Axi4Checker> master_checker;
    std::optional<InterruptPin> irq;
    std::optional<TransactionStream> stream;
    Pin<bool> busy{"busy"};
};

} // namespace fireplane::rtl
