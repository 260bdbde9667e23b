// gcd: a user's block for examples/rtl_block. Software writes A and B and
// starts it; it subtracts the smaller from the larger once per cycle until
// they are equal (or one is 0), then shows the result. AXI4-Lite registers
// through the package's front end (axil_slave.sv), 32-bit little-endian:
//   0x00 A       RW    0x04 B   RW
//   0x08 CTRL    WO    bit 0 START (ignored while busy)
//   0x0c STATUS  RO    bit 0 BUSY, bit 1 DONE (cleared by START)
//   0x10 RESULT  RO    gcd(A, B); gcd(x, 0) = x
//   0x14 STEPS   RO    cycles the last computation took
// Other offsets answer DECERR. `busy` keeps the platform's clock running
// while it computes: it has work of its own.
module gcd (
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
    output logic        busy
);
  localparam logic [1:0] OKAY = 2'b00, DECERR = 2'b11;

  logic wr_en;
  /* verilator lint_off UNUSED */ // reads have no side effect here
  logic rd_en;
  /* verilator lint_on UNUSED */
  logic [9:0] wr_word, rd_word;
  logic [31:0] wr_data, rd_data;
  logic [3:0] wr_strb;
  logic [1:0] wr_resp, rd_resp;

  axil_slave regs (.*);

  logic [31:0] a, b, x, y, steps;
  logic done;

  // Which bytes a write changes.
  function automatic logic [31:0] merge(logic [31:0] old, logic [31:0] data, logic [3:0] strb);
    for (int i = 0; i < 4; i++) if (strb[i]) old[8*i+:8] = data[8*i+:8];
    return old;
  endfunction

  always_comb begin
    wr_resp = wr_word <= 10'd2 ? OKAY : DECERR;
    rd_resp = OKAY;
    unique case (rd_word)
      10'd0: rd_data = a;
      10'd1: rd_data = b;
      10'd3: rd_data = {30'd0, done, busy};
      10'd4: rd_data = x;
      10'd5: rd_data = steps;
      default: begin
        rd_data = 0;
        rd_resp = rd_word == 10'd2 ? OKAY : DECERR;
      end
    endcase
  end

  always_ff @(posedge clk) begin
    if (!resetn) begin
      a <= 0;
      b <= 0;
      x <= 0;
      y <= 0;
      steps <= 0;
      busy <= 0;
      done <= 0;
    end else begin
      if (wr_en && wr_word == 10'd0) a <= merge(a, wr_data, wr_strb);
      if (wr_en && wr_word == 10'd1) b <= merge(b, wr_data, wr_strb);
      if (wr_en && wr_word == 10'd2 && wr_strb[0] && wr_data[0] && !busy) begin
        x <= a;
        y <= b;
        steps <= 0;
        busy <= 1;
        done <= 0;
      end else if (busy) begin
        if (x == y || y == 0) begin
          busy <= 0;
          done <= 1;
        end else if (x == 0) begin
          x <= y;
          busy <= 0;
          done <= 1;
        end else begin
          if (x > y) x <= x - y;
          else y <= y - x;
          steps <= steps + 1;
        end
      end
    end
  end
endmodule
