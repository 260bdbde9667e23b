// axil_slave: an AXI4-Lite slave front end for register blocks. It turns the
// AXI4-Lite channels into a register port: wr_en pulses for one cycle with
// the word, data and strobes of a write, and the block answers wr_resp in
// that same cycle (combinationally); rd_en pulses in the cycle AR is taken,
// and the block answers rd_data and rd_resp in that same cycle. A read and a
// write may come in the same cycle. The window is 4 KiB: address bits 11:2
// select the word; bits 1:0 and 31:12 and PROT are ignored.
// One write and one read in flight at a time: AW and W are accepted in
// either order, B follows a cycle after both, R a cycle after AR.
module axil_slave (
    input  logic        clk,
    input  logic        resetn,
    /* verilator lint_off UNUSED */ // bits outside the 4 KiB window's word index, and PROT
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
    input  logic        s_axi_rready,
    // The register port.
    output logic        wr_en,
    output logic [9:0]  wr_word,
    output logic [31:0] wr_data,
    output logic [3:0]  wr_strb,
    input  logic [1:0]  wr_resp,
    output logic        rd_en,
    output logic [9:0]  rd_word,
    input  logic [31:0] rd_data,
    input  logic [1:0]  rd_resp
);
  logic aw_full, w_full;

  assign s_axi_awready = !aw_full;
  assign s_axi_wready  = !w_full;
  assign s_axi_arready = !s_axi_rvalid;

  assign wr_en   = aw_full && w_full && !s_axi_bvalid;
  assign rd_en   = s_axi_arvalid && s_axi_arready;
  assign rd_word = s_axi_araddr[11:2];

  always_ff @(posedge clk) begin
    if (!resetn) begin
      aw_full <= 0;
      w_full <= 0;
      wr_word <= 0;
      wr_data <= 0;
      wr_strb <= 0;
      s_axi_bvalid <= 0;
      s_axi_bresp <= 0;
      s_axi_rvalid <= 0;
      s_axi_rresp <= 0;
      s_axi_rdata <= 0;
    end else begin
      if (s_axi_awvalid && s_axi_awready) begin
        aw_full <= 1;
        wr_word <= s_axi_awaddr[11:2];
      end
      if (s_axi_wvalid && s_axi_wready) begin
        w_full <= 1;
        wr_data <= s_axi_wdata;
        wr_strb <= s_axi_wstrb;
      end
      if (wr_en) begin
        s_axi_bresp <= wr_resp;
        s_axi_bvalid <= 1;
        aw_full <= 0;
        w_full <= 0;
      end else if (s_axi_bvalid && s_axi_bready) begin
        s_axi_bvalid <= 0;
      end

      if (rd_en) begin
        s_axi_rdata <= rd_data;
        s_axi_rresp <= rd_resp;
        s_axi_rvalid <= 1;
      end else if (s_axi_rvalid && s_axi_rready) begin
        s_axi_rvalid <= 0;
      end
    end
  end
endmodule
