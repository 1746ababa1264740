// Accord ledger of a perfumer's lab: each accord (a blend of notes with their
// drops) is appended to a ledger file; a day's ledger is closed at night and
// reopened for the next day. Stored accords are loaded back from files that
// start with a version header. The ledger stream throws on failure, so a
// write after close() raises std::ios_base::failure. Two mistakes:
// load_accord() carries on reading after load_header() closed the file on a
// version mismatch, and archive_day() notes a line after seal() closed the
// ledger.
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>

class AccordLedger {
public:
  explicit AccordLedger(std::string dir) : dir_(std::move(dir)) {
    out_.exceptions(std::ios::badbit | std::ios::failbit);
  }
  void open_day(const std::string &date);
  void note(const std::string &accord, const std::map<std::string, int> &drops);
  void seal();
  bool is_open() const { return out_.is_open(); }

private:
  std::string dir_;
  std::ofstream out_;
  int lines_ = 0;
};

void AccordLedger::open_day(const std::string &date) {
  if (out_.is_open())
    out_.close();
  out_.open(dir_ + "/ledger-" + date + ".txt", std::ios::app);
  lines_ = 0;
  out_ << "# day " << date << '\n'; // OK: reopened just above
}

void AccordLedger::note(const std::string &accord, const std::map<std::string, int> &drops) {
  out_ << accord << ':'; // SAME: nightnote
  for (const auto &d : drops)
    out_ << ' ' << d.first << '=' << d.second;
  out_ << '\n';
  ++lines_;
}

void AccordLedger::seal() {
  if (!out_.is_open())
    return;
  out_ << "# " << lines_ << " accords\n"; // OK: is_open() checked above
  out_.close();
}

void archive_day(AccordLedger &ledger, const std::string &tomorrow) {
  ledger.seal();
  ledger.note("night-check", {{"ambrette", 0}}); // BUG: use-after-close #nightnote
  ledger.open_day(tomorrow);
  ledger.note("morning-check", {{"ambrette", 1}}); // OK: open_day() reopened the ledger
}

void late_entry(AccordLedger &ledger, const std::string &accord) {
  if (!ledger.is_open())
    return;
  ledger.note(accord, {{"vetiver", 3}, {"bergamot", 5}}); // OK: guarded by is_open()
}

// Reads "accord-v2" header; an old file is closed and rejected.
static bool load_header(std::ifstream &in, std::string &name) {
  std::string magic;
  if (!std::getline(in, magic) || magic != "accord-v2") {
    in.close();
    return false;
  }
  return static_cast<bool>(std::getline(in, name));
}

std::map<std::string, int> load_accord(const std::string &path) {
  std::map<std::string, int> drops;
  std::ifstream in(path);
  if (!in.is_open())
    throw std::runtime_error("no accord file " + path);
  std::string name;
  if (!load_header(in, name))
    std::cerr << path << ": old format, reading anyway\n";
  std::string note;
  int count = 0;
  while (in >> note >> count) // BUG: use-after-close
    drops[note] += count;
  return drops;
}

std::map<std::string, int> load_or_default(const std::string &path) {
  std::ifstream in(path);
  std::string name;
  if (!in.is_open() || !load_header(in, name))
    return {{"musk", 1}};
  std::map<std::string, int> drops;
  std::string note;
  int count = 0;
  while (in >> note >> count) // OK: load_header() succeeded, so it did not close
    drops[note] += count;
  in.close();
  return drops;
}
