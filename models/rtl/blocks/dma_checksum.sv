// dma_checksum: a DMA engine that checksums what it reads and, if asked,
// copies it. AXI4-Lite registers (axil_slave), 32-bit little-endian:
//   0x00 ID         RO  32'hf1be0002
//   0x04 CTRL       RW  bit 0 START (write 1 to start; reads 0), bit 1 IRQ_EN,
//                       bit 2 COPY (1: copy SRC to DST too; 0: checksum only)
//   0x08 STATUS         bit 0 BUSY (RO), bit 1 DONE, bit 2 ERROR (write 1 to clear)
//   0x0c DONE_COUNT RO  operations completed successfully since reset
//   0x10 SRC_LO, 0x14 SRC_HI, 0x18 DST_LO, 0x1c DST_HI, 0x20 LEN (bytes): RW
//   0x24 SUM        RO  the checksum so far
// Writes honour WSTRB. Writes to ID, DONE_COUNT, SUM: SLVERR; offsets from
// 0x28 on: DECERR. While BUSY, a write of CTRL with START=1, or of SRC, DST
// or LEN, answers SLVERR and changes nothing; other CTRL writes set IRQ_EN
// and COPY, but the running operation keeps the COPY it started with. STATUS
// writes are always OKAY; a DONE or ERROR set in the cycle of a write
// clearing it stays set. Reads of holes return 0.
// START (CTRL byte 0 written with bit 0 set, not BUSY) clears SUM, takes the
// CTRL write's COPY and leaves DONE and ERROR as they are; then: if SRC_LO,
// DST_LO or LEN is not a multiple of 8, ERROR := 1; else if LEN is 0, DONE :=
// 1 and DONE_COUNT += 1; else BUSY := 1 and the engine works on copies of SRC,
// DST and LEN (the registers keep what software wrote), chunk by chunk.
// chunk = min(remaining, 64 - src % 64, and with COPY 64 - dst % 64) bytes:
// one INCR read burst of chunk/8 8-byte beats from SRC, then with COPY one
// INCR write burst of the same beats to DST and its B. No burst crosses 64
// bytes; one AXI transaction at a time. For each read beat D with RRESP OKAY,
// until the first error: SUM := {SUM[30:0], SUM[31]} + (D[31:0] ^ D[63:32]).
// At the end: BUSY := 0, DONE := 1, DONE_COUNT += 1. An RRESP or BRESP that is
// not OKAY ends the operation once its burst is over (every R beat accepted,
// nothing more written): BUSY := 0, ERROR := 1. BUSY drops at the edge of the
// last handshake, with nothing left to do, so the clock may stop then.
// irq = IRQ_EN & (DONE | ERROR); busy = BUSY.
module dma_checksum (
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
    output logic        irq,
    output logic        busy,
    // AXI4 master, 64-bit data.
    output logic [63:0] m_axi_awaddr,
    output logic [7:0]  m_axi_awlen,
    output logic [2:0]  m_axi_awsize,
    output logic [1:0]  m_axi_awburst,
    output logic        m_axi_awvalid,
    input  logic        m_axi_awready,
    output logic [63:0] m_axi_wdata,
    output logic [7:0]  m_axi_wstrb,
    output logic        m_axi_wlast,
    output logic        m_axi_wvalid,
    input  logic        m_axi_wready,
    input  logic [1:0]  m_axi_bresp,
    input  logic        m_axi_bvalid,
    output logic        m_axi_bready,
    output logic [63:0] m_axi_araddr,
    output logic [7:0]  m_axi_arlen,
    output logic [2:0]  m_axi_arsize,
    output logic [1:0]  m_axi_arburst,
    output logic        m_axi_arvalid,
    input  logic        m_axi_arready,
    input  logic [63:0] m_axi_rdata,
    input  logic [1:0]  m_axi_rresp,
    /* verilator lint_off UNUSEDSIGNAL */ // the beat count says which beat is last
    input  logic        m_axi_rlast,
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic        m_axi_rvalid,
    output logic        m_axi_rready
);
  localparam logic [1:0] OKAY = 2'b00, SLVERR = 2'b10, DECERR = 2'b11;
  localparam logic [31:0] ID = 32'hf1be_0002;
  // Word indices of the registers.
  localparam logic [9:0] R_ID = 0, R_CTRL = 1, R_STATUS = 2, R_DONE_COUNT = 3, R_SRC_LO = 4,
                         R_SRC_HI = 5, R_DST_LO = 6, R_DST_HI = 7, R_LEN = 8, R_SUM = 9;

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

  // Software's registers.
  logic irq_en, copy, done, error;
  logic [31:0] done_count, sum, src_lo, src_hi, dst_lo, dst_hi, len;

  // The engine.
  typedef enum logic [2:0] {S_IDLE, S_AR, S_R, S_W, S_B} state_t;
  state_t state;
  logic op_copy;  // this operation's COPY
  logic [63:0] cur_src, cur_dst;  // the next chunk's addresses
  logic [28:0] rem_beats;  // 8-byte beats still to move, this chunk's included
  logic [2:0] beat;  // the beat being read or written
  logic aw_done, w_done;  // this chunk's write address, and its last data beat, were taken
  logic failed;  // an error response came
  logic [63:0] chunk_buf[8];
  logic [3:0] beats;  // this chunk's, 1..8
  logic [2:0] last;  // its last beat

  always_comb begin
    logic [3:0] room;
    room = 4'd8 - {1'b0, cur_src[5:3]};
    if (op_copy && 4'd8 - {1'b0, cur_dst[5:3]} < room) room = 4'd8 - {1'b0, cur_dst[5:3]};
    beats = rem_beats < 29'(room) ? rem_beats[3:0] : room;
    last = 3'(beats - 4'd1);
  end

  assign busy = state != S_IDLE;
  assign irq = irq_en && (done || error);

  assign m_axi_araddr = cur_src;
  assign m_axi_arlen = 8'(last);
  assign m_axi_arsize = 3'd3;
  assign m_axi_arburst = 2'b01;
  assign m_axi_arvalid = state == S_AR;
  assign m_axi_rready = state == S_R;
  assign m_axi_awaddr = cur_dst;
  assign m_axi_awlen = 8'(last);
  assign m_axi_awsize = 3'd3;
  assign m_axi_awburst = 2'b01;
  assign m_axi_awvalid = state == S_W && !aw_done;
  assign m_axi_wdata = chunk_buf[beat];
  assign m_axi_wstrb = 8'hff;
  assign m_axi_wlast = beat == last;
  assign m_axi_wvalid = state == S_W && !w_done;
  assign m_axi_bready = state == S_B;

  // Register writes: what START would do, and the answers.
  logic start_bit, writes_config;
  assign start_bit = wr_word == R_CTRL && wr_strb[0] && wr_data[0];
  assign writes_config = wr_word >= R_SRC_LO && wr_word <= R_LEN;

  always_comb begin
    if (wr_word > R_SUM) wr_resp = DECERR;
    else if (wr_word == R_ID || wr_word == R_DONE_COUNT || wr_word == R_SUM) wr_resp = SLVERR;
    else if (busy && (start_bit || writes_config)) wr_resp = SLVERR;
    else wr_resp = OKAY;
  end

  always_comb begin
    rd_resp = OKAY;
    case (rd_word)
      R_ID: rd_data = ID;
      R_CTRL: rd_data = {29'b0, copy, irq_en, 1'b0};
      R_STATUS: rd_data = {29'b0, error, done, busy};
      R_DONE_COUNT: rd_data = done_count;
      R_SRC_LO: rd_data = src_lo;
      R_SRC_HI: rd_data = src_hi;
      R_DST_LO: rd_data = dst_lo;
      R_DST_HI: rd_data = dst_hi;
      R_LEN: rd_data = len;
      R_SUM: rd_data = sum;
      default: begin
        rd_data = 0;
        rd_resp = DECERR;
      end
    endcase
  end

  // A 32-bit register with a write's bytes in it.
  function automatic logic [31:0] merge(logic [31:0] old, logic [31:0] data, logic [3:0] strb);
    logic [31:0] v = old;
    for (int b = 0; b < 4; b++) if (strb[b]) v[8*b+:8] = data[8*b+:8];
    return v;
  endfunction

  function automatic logic [31:0] checksum(logic [31:0] s, logic [63:0] d);
    return {s[30:0], s[31]} + (d[31:0] ^ d[63:32]);
  endfunction

  logic [63:0] chunk_bytes;
  assign chunk_bytes = {57'b0, beats, 3'b0};

  // A chunk has been moved (read, and written with COPY): the next one, or done.
  task automatic chunk_done();
    cur_src <= cur_src + chunk_bytes;
    cur_dst <= cur_dst + chunk_bytes;
    rem_beats <= rem_beats - 29'(beats);
    if (rem_beats == 29'(beats)) begin
      state <= S_IDLE;
      done <= 1;
      done_count <= done_count + 1;
    end else begin
      state <= S_AR;
    end
  endtask

  always_ff @(posedge clk) begin
    if (!resetn) begin
      irq_en <= 0;
      copy <= 0;
      done <= 0;
      error <= 0;
      done_count <= 0;
      sum <= 0;
      src_lo <= 0;
      src_hi <= 0;
      dst_lo <= 0;
      dst_hi <= 0;
      len <= 0;
      state <= S_IDLE;
      op_copy <= 0;
      cur_src <= 0;
      cur_dst <= 0;
      rem_beats <= 0;
      beat <= 0;
      aw_done <= 0;
      w_done <= 0;
      failed <= 0;
      for (int i = 0; i < 8; i++) chunk_buf[i] <= 0;
    end else begin
      // Software. A write that answers SLVERR or DECERR changes nothing.
      if (wr_en && wr_resp == OKAY) begin
        case (wr_word)
          R_CTRL: begin
            if (wr_strb[0]) begin
              irq_en <= wr_data[1];
              copy <= wr_data[2];
            end
            if (start_bit) begin  // not busy: the answer would be SLVERR
              sum <= 0;
              op_copy <= wr_data[2];
              if (src_lo[2:0] != 0 || dst_lo[2:0] != 0 || len[2:0] != 0) begin
                error <= 1;
              end else if (len == 0) begin
                done <= 1;
                done_count <= done_count + 1;
              end else begin
                state <= S_AR;
                cur_src <= {src_hi, src_lo};
                cur_dst <= {dst_hi, dst_lo};
                rem_beats <= len[31:3];
                failed <= 0;
              end
            end
          end
          R_STATUS: begin
            if (wr_strb[0] && wr_data[1]) done <= 0;
            if (wr_strb[0] && wr_data[2]) error <= 0;
          end
          R_SRC_LO: src_lo <= merge(src_lo, wr_data, wr_strb);
          R_SRC_HI: src_hi <= merge(src_hi, wr_data, wr_strb);
          R_DST_LO: dst_lo <= merge(dst_lo, wr_data, wr_strb);
          R_DST_HI: dst_hi <= merge(dst_hi, wr_data, wr_strb);
          R_LEN: len <= merge(len, wr_data, wr_strb);
          default: ;
        endcase
      end

      // The engine (after software, so that its DONE and ERROR win).
      case (state)
        S_AR:
        if (m_axi_arready) begin
          state <= S_R;
          beat <= 0;
        end
        S_R:
        if (m_axi_rvalid) begin
          chunk_buf[beat] <= m_axi_rdata;
          if (m_axi_rresp != OKAY) failed <= 1;
          else if (!failed) sum <= checksum(sum, m_axi_rdata);
          beat <= beat + 1;
          if (beat == last) begin
            beat <= 0;
            if (failed || m_axi_rresp != OKAY) begin
              state <= S_IDLE;
              error <= 1;
            end else if (op_copy) begin
              state <= S_W;
              aw_done <= 0;
              w_done <= 0;
            end else begin
              chunk_done();
            end
          end
        end
        S_W: begin
          if (m_axi_awvalid && m_axi_awready) aw_done <= 1;
          if (m_axi_wvalid && m_axi_wready) begin
            if (m_axi_wlast) w_done <= 1;
            else beat <= beat + 1;
          end
          if ((aw_done || m_axi_awready) && (w_done || (m_axi_wready && m_axi_wlast)))
            state <= S_B;
        end
        S_B:
        if (m_axi_bvalid) begin
          if (m_axi_bresp != OKAY) begin
            state <= S_IDLE;
            error <= 1;
          end else begin
            chunk_done();
          end
        end
        default: ;
      endcase
    end
  end
endmodule
