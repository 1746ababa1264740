// Cartwright's shop: the axle register is an append-only text file with one line per
// wheel fitted (wheel id, axle arm, dish, tyre heat) and RETIRED lines for wheels that
// left the yard. The nightly job compacts the register by rewriting it without the
// retired wheels, then appends the entries that arrived while it was running.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

struct AxleEntry {
  std::string wheel_id;
  std::string arm;
  double dish_mm = 0.0;
  int tyre_heat_c = 0;
};

class AxleRegister {
public:
  explicit AxleRegister(std::string path) : path_(std::move(path)) {
    journal_.open(path_, std::ios::app);
  }
  bool is_open() const { return journal_.is_open(); }
  void append(const AxleEntry &e);
  void retire(const std::string &wheel_id);
  bool compact();

private:
  std::string tmp_path() const { return path_ + ".compact"; }
  std::string path_;
  std::ofstream journal_;
};

void AxleRegister::append(const AxleEntry &e) {
  journal_ << e.wheel_id << ' ' << e.arm << ' ' << e.dish_mm << ' ' << e.tyre_heat_c << '\n'; // SAME: after_failed_compact
}

void AxleRegister::retire(const std::string &wheel_id) {
  journal_ << "RETIRED " << wheel_id << '\n';
  journal_.flush();
}

bool AxleRegister::compact() {
  journal_.close();

  std::ifstream in(path_);
  if (!in)
    return false;
  std::vector<std::string> lines;
  std::set<std::string> retired;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("RETIRED ", 0) == 0)
      retired.insert(line.substr(8));
    else
      lines.push_back(line);
  }
  in.close();

  std::ofstream out(tmp_path(), std::ios::trunc);
  for (const std::string &line : lines) {
    std::istringstream fields(line);
    std::string id;
    fields >> id;
    if (!retired.count(id))
      out << line << '\n';
  }
  out.close();
  if (!out) // OK
    return false;
  if (std::rename(tmp_path().c_str(), path_.c_str()) != 0)
    return false;

  journal_.open(path_, std::ios::app);
  if (!journal_.is_open())
    return false;
  journal_ << "# compacted, " << retired.size() << " wheels retired\n"; // OK
  return journal_.good();
}

void nightly(AxleRegister &reg, const std::vector<AxleEntry> &arrived_meanwhile) {
  if (!reg.compact())
    std::cerr << "axle register: compaction failed, keeping old file\n";
  for (const AxleEntry &e : arrived_meanwhile)
    reg.append(e); // BUG: use-after-close #after_failed_compact
}

void intake(AxleRegister &reg, const std::vector<AxleEntry> &fitted,
            const std::vector<std::string> &left_yard) {
  if (!reg.is_open())
    return;
  for (const AxleEntry &e : fitted)
    reg.append(e); // OK
  for (const std::string &id : left_yard)
    reg.retire(id); // OK
}

void dump_for_wheelwright(const std::string &path, const std::vector<AxleEntry> &entries) {
  std::ofstream out;
  for (const char *arm : {"near", "off"}) {
    out.open(path + "." + arm, std::ios::trunc);
    if (!out.is_open())
      continue;
    for (const AxleEntry &e : entries)
      if (e.arm == arm)
        out << e.wheel_id << ' ' << e.dish_mm << '\n'; // OK
    out.close();
  }
}
