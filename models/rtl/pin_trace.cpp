#include "pin_trace.h"

#include <stdexcept>

namespace fireplane::rtl {

namespace {

// VCD identifiers: printable ASCII from '!' to '~', in base 94.
std::string vcd_id(size_t n) {
    std::string id;
    do {
        id += char('!' + n % 94);
        n /= 94;
    } while (n);
    return id;
}

void collect(const sc_core::sc_object& o, std::vector<const sc_core::sc_object*>& out) {
    if (dynamic_cast<const TracedPins*>(&o)) out.push_back(&o);
    for (const sc_core::sc_object* child : o.get_child_objects())
        collect(*child, out);
}

} // namespace

std::vector<const sc_core::sc_object*> find_traced_pins() {
    std::vector<const sc_core::sc_object*> out;
    for (const sc_core::sc_object* top : sc_core::sc_get_top_level_objects())
        collect(*top, out);
    return out;
}

PinTrace::PinTrace(sc_core::sc_module_name name, const std::string& path,
                   const std::vector<const sc_core::sc_object*>& modules, sc_core::sc_time from,
                   sc_core::sc_time to)
    : sc_module(name), out_(path), from_(from), to_(to) {
    if (!out_) throw std::invalid_argument("cannot write the RTL trace to '" + path + "'");
    if (to_ <= from_) throw std::invalid_argument("the RTL trace window is empty");
    out_ << "$version fireplane --rtl-trace $end\n$timescale 1ps $end\n";
    SC_HAS_PROCESS(PinTrace);
    SC_METHOD(on_change);
    PinVisitor add{[&](const char* pin, unsigned width, const sc_core::sc_event& changed,
                       std::function<uint64_t()> value) {
        pins_.push_back({vcd_id(pins_.size()), width, std::move(value)});
        out_ << "$var wire " << width << ' ' << pins_.back().id << ' ' << pin << " $end\n";
        sensitive << changed;
    }};
    for (const sc_core::sc_object* m : modules) {
        const auto* traced = dynamic_cast<const TracedPins*>(m);
        if (!traced) continue;
        out_ << "$scope module " << m->name() << " $end\n";
        traced->visit_pins(add);
        out_ << "$upscope $end\n";
    }
    out_ << "$enddefinitions $end\n";
    dont_initialize();
}

void PinTrace::write_value(const Pin& p, uint64_t v) {
    if (p.width == 1) {
        out_ << (v ? '1' : '0') << p.id << '\n';
        return;
    }
    out_ << 'b';
    bool started = false;
    for (int bit = int(p.width) - 1; bit >= 0; --bit) {
        const bool one = (v >> bit) & 1;
        if (one) started = true;
        if (started || bit == 0) out_ << (one ? '1' : '0');
    }
    out_ << ' ' << p.id << '\n';
}

void PinTrace::on_change() {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    if (now < from_ || now >= to_) return;
    const uint64_t ps = now.value() / sc_core::sc_time(1, sc_core::SC_PS).value();
    auto stamp = [&] {
        if (written_at_ == ps) return;
        out_ << '#' << ps << '\n';
        written_at_ = ps;
    };
    if (!dumped_) { // the window's first change: every pin's value
        stamp();
        out_ << "$dumpvars\n";
        for (Pin& p : pins_) {
            p.last = p.read();
            write_value(p, p.last);
        }
        out_ << "$end\n";
        dumped_ = true;
        return;
    }
    for (Pin& p : pins_) {
        const uint64_t v = p.read();
        if (v == p.last) continue;
        stamp();
        write_value(p, v);
        p.last = v;
        ++changes_;
    }
    out_.flush();
}

} // namespace fireplane::rtl
