// firelink_counters: the Fire Link monitor's two counter sets (models/firelink),
// in RTL, behind an AXI4-Lite slave (axil_slave). It counts the address-bus
// transactions fed on tr_*, at most one a cycle (tr_valid).
// Registers are 64 bits, as two little-endian 32-bit words: the low word at
// the register's offset, the high word at offset+4. Offsets are the TLM
// monitor's:
//   0x000 id          RO  AGENT_ID below, "FiLk" (32'h46694c6b) above; writes: SLVERR
//   0x008 control     RW  bit 0: count set 0; bit 1: count set 1
//   0x100 + 0x40 n    set n: +0x00 types (19 bits: bit t passes type t),
//                     +0x08/+0x10 addr_mask/addr_match (43 bits),
//                     +0x18/+0x20 src_mask/src_match (10 bits),
//                     +0x28/+0x30 tid_mask/tid_match (16 bits),
//                     +0x38 count (64 bits), all RW
//   anything else     DECERR for reads and writes (no sequence buffer here)
// Bits above a field's width (control: bits 63:2) read 0 and ignore writes;
// writes honour WSTRB. Reads have no side effect; holes read 0.
// Set n counts a transaction when control bit n is set, its type is below 19
// and passes types, and ((value ^ match) & mask) == 0 for the address, the
// source and the transaction ID.
// A write to a count word in the cycle of an increment: the increment is
// applied first (to all 64 bits, carry included) and the written bytes then
// replace theirs. So the written bytes win; the other word and the unwritten
// bytes keep the increment.
module firelink_counters #(
    parameter int AGENT_ID = 26
) (
    input  logic        clk,
    input  logic        resetn,
    input  logic [31:0] s_axi_awaddr,
    input  logic [2:0]  s_axi_awprot,
    input  logic        s_axi_awvalid,
    output logic        s_axi_awready,
    input  logic [31:0] s_axi_wdata,
    input  logic [3:0]  s_axi_wstrb,
    input  logic        s_axi_wvalid,
    output logic        s_axi_wready,
    output logic [1:0]  s_axi_bresp,
    output logic        s_axi_bvalid,
    input  logic        s_axi_bready,
    input  logic [31:0] s_axi_araddr,
    input  logic [2:0]  s_axi_arprot,
    input  logic        s_axi_arvalid,
    output logic        s_axi_arready,
    output logic [31:0] s_axi_rdata,
    output logic [1:0]  s_axi_rresp,
    output logic        s_axi_rvalid,
    input  logic        s_axi_rready,
    // The transaction stream.
    input  logic        tr_valid,
    input  logic [42:0] tr_address,
    input  logic [4:0]  tr_type,
    input  logic [9:0]  tr_source,
    input  logic [15:0] tr_tid
);
  localparam logic [1:0] OKAY = 2'b00, SLVERR = 2'b10, DECERR = 2'b11;
  localparam logic [31:0] MAGIC = 32'h4669_4c6b;  // "FiLk"
  // A set's registers, by bits 5:3 of their offset.
  localparam logic [2:0] TYPES = 0, ADDR_MASK = 1, ADDR_MATCH = 2, SRC_MASK = 3,
                         SRC_MATCH = 4, TID_MASK = 5, TID_MATCH = 6, COUNT = 7;

  logic wr_en;
  /* verilator lint_off UNUSEDSIGNAL */ // reads have no side effect
  logic rd_en;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [9:0] wr_word, rd_word;
  logic [31:0] wr_data, rd_data;
  logic [3:0] wr_strb;
  logic [1:0] wr_resp, rd_resp;

  axil_slave slave (
      .clk, .resetn,
      .s_axi_awaddr, .s_axi_awprot, .s_axi_awvalid, .s_axi_awready,
      .s_axi_wdata, .s_axi_wstrb, .s_axi_wvalid, .s_axi_wready,
      .s_axi_bresp, .s_axi_bvalid, .s_axi_bready,
      .s_axi_araddr, .s_axi_arprot, .s_axi_arvalid, .s_axi_arready,
      .s_axi_rdata, .s_axi_rresp, .s_axi_rvalid, .s_axi_rready,
      .wr_en, .wr_word, .wr_data, .wr_strb, .wr_resp,
      .rd_en, .rd_word, .rd_data, .rd_resp
  );

  logic [1:0] control;
  logic [18:0] types[2];
  logic [42:0] addr_mask[2], addr_match[2];
  logic [9:0] src_mask[2], src_match[2];
  logic [15:0] tid_mask[2], tid_match[2];
  logic [63:0] count[2], count_inc[2];
  logic [63:0] wr_value;  // the written register's next value
  logic hit[2];

  // What a 64-bit register index (bits 9:1 of a word's index) names.
  typedef enum logic [1:0] {K_ID, K_CONTROL, K_SET, K_NONE} kind_t;
  function automatic kind_t kind(logic [8:0] r);
    if (r == 0) return K_ID;
    if (r == 1) return K_CONTROL;
    if (r[8:4] == 5'b00010) return K_SET;  // 0x100..0x17f
    return K_NONE;
  endfunction

  // A 64-bit register's value with a write's bytes in its word.
  function automatic logic [63:0] merge(logic [63:0] old, logic high, logic [31:0] data,
                                        logic [3:0] strb);
    logic [63:0] v = old;
    for (int b = 0; b < 4; b++)
      if (strb[b]) begin
        if (high) v[32+8*b+:8] = data[8*b+:8];
        else v[8*b+:8] = data[8*b+:8];
      end
    return v;
  endfunction

  // A set's register by its index within the set, zero-extended.
  function automatic logic [63:0] set_reg(logic n, logic [2:0] r);
    case (r)
      TYPES: return 64'(types[n]);
      ADDR_MASK: return 64'(addr_mask[n]);
      ADDR_MATCH: return 64'(addr_match[n]);
      SRC_MASK: return 64'(src_mask[n]);
      SRC_MATCH: return 64'(src_match[n]);
      TID_MASK: return 64'(tid_mask[n]);
      TID_MATCH: return 64'(tid_match[n]);
      default: return count[n];
    endcase
  endfunction

  kind_t rd_kind, wr_kind;
  logic wr_set;  // the written set
  logic [2:0] wr_reg;  // the written register within its set
  assign rd_kind = kind(rd_word[9:1]);
  assign wr_kind = kind(wr_word[9:1]);
  assign wr_set = wr_word[4];
  assign wr_reg = wr_word[3:1];

  // Reads, and the answer to a write.
  always_comb begin
    logic [63:0] v;
    case (rd_kind)
      K_ID: v = {MAGIC, 32'(AGENT_ID)};
      K_CONTROL: v = 64'(control);
      K_SET: v = set_reg(rd_word[4], rd_word[3:1]);
      default: v = 0;
    endcase
    rd_data = rd_word[0] ? v[63:32] : v[31:0];
    rd_resp = rd_kind == K_NONE ? DECERR : OKAY;
    wr_resp = wr_kind == K_NONE ? DECERR : wr_kind == K_ID ? SLVERR : OKAY;
  end

  // Counting.
  always_comb begin
    for (int n = 0; n < 2; n++) begin
      logic [31:0] type_bits;  // types past 18 never pass
      type_bits = 32'(types[n]);
      hit[n] = tr_valid && control[n] && type_bits[tr_type] &&
               ((tr_address ^ addr_match[n]) & addr_mask[n]) == 0 &&
               ((tr_source ^ src_match[n]) & src_mask[n]) == 0 &&
               ((tr_tid ^ tid_match[n]) & tid_mask[n]) == 0;
      count_inc[n] = count[n] + 64'(hit[n]);
    end
  end

  // A write lands on the register's value after this cycle's increment.
  always_comb begin
    logic [63:0] old;
    if (wr_kind == K_CONTROL) old = 64'(control);
    else if (wr_reg == COUNT) old = count_inc[wr_set];
    else old = set_reg(wr_set, wr_reg);
    wr_value = merge(old, wr_word[0], wr_data, wr_strb);
  end

  always_ff @(posedge clk) begin
    if (!resetn) begin
      control <= 0;
      for (int n = 0; n < 2; n++) begin
        types[n] <= 0;
        addr_mask[n] <= 0;
        addr_match[n] <= 0;
        src_mask[n] <= 0;
        src_match[n] <= 0;
        tid_mask[n] <= 0;
        tid_match[n] <= 0;
        count[n] <= 0;
      end
    end else begin
      for (int n = 0; n < 2; n++) count[n] <= count_inc[n];
      if (wr_en && wr_kind == K_CONTROL) control <= wr_value[1:0];
      if (wr_en && wr_kind == K_SET)
        case (wr_reg)
          TYPES: types[wr_set] <= wr_value[18:0];
          ADDR_MASK: addr_mask[wr_set] <= wr_value[42:0];
          ADDR_MATCH: addr_match[wr_set] <= wr_value[42:0];
          SRC_MASK: src_mask[wr_set] <= wr_value[9:0];
          SRC_MATCH: src_match[wr_set] <= wr_value[9:0];
          TID_MASK: tid_mask[wr_set] <= wr_value[15:0];
          TID_MATCH: tid_match[wr_set] <= wr_value[15:0];
          default: count[wr_set] <= wr_value;  // overrides the increment above
        endcase
    end
  end
endmodule
