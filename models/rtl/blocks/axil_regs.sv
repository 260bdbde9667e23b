// axil_regs: an AXI4-Lite slave holding NREGS 32-bit registers, for the
// bridge's tests. Writes honour WSTRB; the last register is a read-only ID
// (writing it answers SLVERR); addresses past the registers answer DECERR.
// One write and one read in flight at a time: AW and W are accepted in
// either order, B follows a cycle after both, R a cycle after AR.
// BROKEN makes it break AXI on purpose, for the protocol checker's tests:
// 1 sends a second B for every write, 2 answers reads with EXOKAY.
// NREGS must be a power of two.
module axil_regs #(
    parameter int NREGS = 16,
    parameter int BROKEN = 0
) (
    input  logic        clk,
    input  logic        resetn,
    /* verilator lint_off UNUSED */ // the byte offset within a word, and PROT
    input  logic [31:0] s_axi_awaddr,
    input  logic [2:0]  s_axi_awprot,
    input  logic [31:0] s_axi_araddr,
    input  logic [2:0]  s_axi_arprot,
    /* verilator lint_on UNUSED */
    input  logic        s_axi_awvalid,
    output logic        s_axi_awready,
    input  logic [31:0] s_axi_wdata,
    input  logic [3:0]  s_axi_wstrb,
    input  logic        s_axi_wvalid,
    output logic        s_axi_wready,
    output logic [1:0]  s_axi_bresp,
    output logic        s_axi_bvalid,
    input  logic        s_axi_bready,
    input  logic        s_axi_arvalid,
    output logic        s_axi_arready,
    output logic [31:0] s_axi_rdata,
    output logic [1:0]  s_axi_rresp,
    output logic        s_axi_rvalid,
    input  logic        s_axi_rready
);
  localparam logic [1:0] OKAY = 2'b00, EXOKAY = 2'b01, SLVERR = 2'b10, DECERR = 2'b11;
  localparam logic [31:0] ID = 32'hf1be_0001;

  logic [31:0] regs[NREGS];
  logic aw_full, w_full, spurious;
  logic [29:0] aw_word;  // the register's index
  logic [31:0] w_data;
  logic [3:0] w_strb;

  assign s_axi_awready = !aw_full;
  assign s_axi_wready  = !w_full;
  assign s_axi_arready = !s_axi_rvalid;

  function automatic logic in_range(logic [29:0] word);
    return word < 30'(NREGS);
  endfunction

  always_ff @(posedge clk) begin
    if (!resetn) begin
      aw_full <= 0;
      w_full <= 0;
      spurious <= 0;
      s_axi_bvalid <= 0;
      s_axi_bresp <= OKAY;
      s_axi_rvalid <= 0;
      s_axi_rresp <= OKAY;
      s_axi_rdata <= 0;
      for (int i = 0; i < NREGS; i++) regs[i] <= 0;
    end else begin
      if (s_axi_awvalid && s_axi_awready) begin
        aw_full <= 1;
        aw_word <= s_axi_awaddr[31:2];
      end
      if (s_axi_wvalid && s_axi_wready) begin
        w_full <= 1;
        w_data <= s_axi_wdata;
        w_strb <= s_axi_wstrb;
      end
      if (aw_full && w_full && !s_axi_bvalid) begin
        if (!in_range(aw_word)) s_axi_bresp <= DECERR;
        else if (aw_word == 30'(NREGS - 1)) s_axi_bresp <= SLVERR;
        else begin
          for (int b = 0; b < 4; b++)
            if (w_strb[b]) regs[aw_word[$clog2(NREGS)-1:0]][8*b+:8] <= w_data[8*b+:8];
          s_axi_bresp <= OKAY;
        end
        s_axi_bvalid <= 1;
        aw_full <= 0;
        w_full <= 0;
        spurious <= BROKEN == 1;
      end else if (s_axi_bvalid && s_axi_bready) begin
        s_axi_bvalid <= spurious;
        spurious <= 0;
      end

      if (s_axi_arvalid && s_axi_arready) begin
        if (!in_range(s_axi_araddr[31:2])) begin
          s_axi_rdata <= 0;
          s_axi_rresp <= DECERR;
        end else begin
          s_axi_rdata <= s_axi_araddr[31:2] == 30'(NREGS - 1) ? ID
                                                              : regs[s_axi_araddr[$clog2(NREGS)+1:2]];
          s_axi_rresp <= BROKEN == 2 ? EXOKAY : OKAY;
        end
        s_axi_rvalid <= 1;
      end else if (s_axi_rvalid && s_axi_rready) begin
        s_axi_rvalid <= 0;
      end
    end
  end
endmodule
