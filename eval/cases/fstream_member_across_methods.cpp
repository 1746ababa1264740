// A report class closes its stream in finish(); add() called afterwards
// writes to the closed stream.
#include <fstream>
#include <string>

class CsvReport {
public:
  explicit CsvReport(const std::string &path) : out_(path) {}
  void add(const std::string &row) { out_ << row << '\n'; }
  void finish() { out_.close(); }

  void addTotal(int total) {
    finish();
    add("total," + std::to_string(total)); // BUG: use-after-close
  }

private:
  std::ofstream out_;
};
