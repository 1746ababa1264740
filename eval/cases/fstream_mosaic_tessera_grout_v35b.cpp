// Cutting ledger for a mosaic studio: each wall panel gets a ledger file listing
// the tesserae cut for it; the palette is loaded from a base file plus an
// overrides file; grout bag counts are read from the supplier sheet.
// Three mistakes: lay_panel() records the grout line after end_panel() closed
// the ledger stream; order_sheet() only logs when the header helper failed
// (and closed the stream) and keeps writing rows; and count_grout_bags()
// closes the sheet on an old header but falls through into the read loop
// instead of returning.
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace studio {

struct Cut {
  std::string colour;
  int count = 0;
  double size_mm = 0.0;
};

class TesseraLedger {
 public:
  explicit TesseraLedger(std::string dir) : dir_(std::move(dir)) {}

  bool begin_panel(int panel) {
    panel_ = panel;
    out_.open(dir_ + "/panel-" + std::to_string(panel) + ".ledger", std::ios::trunc);
    return out_.is_open();
  }

  void record_cut(const Cut& c) {
    out_ << c.colour << ' ' << c.count << ' ' << c.size_mm << '\n';  // SAME: grout
    if (!out_) throw std::runtime_error("tessera ledger not writable (closed?)");
  }

  // Optional remarks; silently dropped once the panel is finished.
  void remark(const std::string& text) {
    if (!out_.is_open()) return;
    out_ << "# " << text << '\n';  // OK: is_open() checked above
  }

  void end_panel() {
    out_ << "end " << panel_ << '\n';
    out_.close();
  }

 private:
  std::string dir_;
  std::ofstream out_;
  int panel_ = 0;
};

void lay_panel(TesseraLedger& ledger, int panel, const std::vector<Cut>& cuts) {
  if (!ledger.begin_panel(panel)) return;
  for (const Cut& c : cuts) ledger.record_cut(c);
  ledger.remark("cuts complete");
  ledger.end_panel();
  ledger.remark("grouted same day");  // OK: remark() is a no-op on a closed ledger
  ledger.record_cut(Cut{"grout-grey", 1, 0.0});  // BUG: use-after-close #grout
}

void relay_panel(TesseraLedger& ledger, int panel, const std::vector<Cut>& cuts) {
  if (!ledger.begin_panel(panel)) return;
  for (const Cut& c : cuts) ledger.record_cut(c);
  ledger.end_panel();
  if (!ledger.begin_panel(panel + 1000)) return;
  ledger.record_cut(Cut{"grout-grey", 1, 0.0});  // OK: begin_panel() reopened the stream
  ledger.end_panel();
}

static bool write_sheet_header(std::ofstream& out, int panel) {
  out << "order sheet for panel " << panel << '\n';
  if (!out) {
    out.close();
    return false;
  }
  return true;
}

void order_sheet(const std::string& path, int panel, const std::vector<Cut>& cuts) {
  std::ofstream out(path);
  if (!write_sheet_header(out, panel)) std::cerr << "cannot write header to " << path << '\n';
  for (const Cut& c : cuts) out << c.colour << ' ' << c.count << '\n';  // BUG: use-after-close
}

std::map<std::string, int> load_palette(const std::string& base, const std::string& overrides) {
  std::map<std::string, int> palette;
  std::string name;
  int stock = 0;
  std::ifstream in(base);
  while (in >> name >> stock) palette[name] = stock;
  in.close();
  in.clear();
  in.open(overrides);
  while (in >> name >> stock) palette[name] = stock;  // OK: reopened on the overrides file
  return palette;
}

int count_grout_bags(const std::string& path) {
  std::ifstream in(path);
  if (!in.is_open()) return 0;
  std::string header;
  std::getline(in, header);
  if (header != "grout-v2") {
    in.close();
    std::cerr << "supplier sheet " << path << " uses the old format\n";
  }
  int bags = 0;
  std::string line;
  while (std::getline(in, line)) ++bags;  // BUG: use-after-close
  return bags;
}

}  // namespace studio
