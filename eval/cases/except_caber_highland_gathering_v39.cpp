// Highland gathering results: each heavy event appends its scores to a score
// sheet file. ScoreSheet::close() releases the descriptor first and then
// throws std::system_error if ::close() reported an error (and throws
// runtime_error when called on a closed sheet). So in a handler after a try
// whose last statement is close(), the sheet may already be closed. Bugs:
// the caber handler closes again (double close when close() itself threw),
// and the weight-for-height handler writes "incomplete" to a sheet whose
// close() may have been what threw.
#include <cerrno>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

class ScoreSheet {
 public:
  explicit ScoreSheet(const char* path) : fd_(::open(path, O_WRONLY | O_CREAT | O_APPEND, 0644)) {
    if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "open score sheet");
  }
  ~ScoreSheet() {
    if (fd_ >= 0) ::close(fd_);
  }
  ScoreSheet(const ScoreSheet&) = delete;
  ScoreSheet& operator=(const ScoreSheet&) = delete;

  void write_line(const std::string& s) {
    if (fd_ < 0) throw std::runtime_error("score sheet closed");
    std::string line = s + "\n";
    if (::write(fd_, line.data(), line.size()) < 0) throw std::system_error(errno, std::generic_category(), "write score");
  }
  void close() {
    if (fd_ < 0) throw std::runtime_error("score sheet closed twice");
    int rc = ::close(fd_);
    fd_ = -1;
    if (rc != 0) throw std::system_error(errno, std::generic_category(), "close score sheet");
  }
  bool is_open() const { return fd_ >= 0; }

 private:
  int fd_;
};

struct Result {
  std::string athlete;
  double score;
};

struct InvalidScore : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void validate(const Result& r) {
  if (r.score < 0) throw InvalidScore("negative score for " + r.athlete);
}

std::string fmt(const Result& r) { return r.athlete + " " + std::to_string(r.score); }

void record_caber(ScoreSheet& sheet, const std::vector<Result>& rs) {
  try {
    for (const auto& r : rs) sheet.write_line(fmt(r));
    sheet.close();
  } catch (const std::system_error&) {
    sheet.close();  // BUG: double-close
  }
}

void record_hammer(ScoreSheet& sheet, const std::vector<Result>& rs) {
  try {
    for (const auto& r : rs) sheet.write_line(fmt(r));
    sheet.close();
  } catch (const std::system_error&) {
    if (sheet.is_open()) sheet.close();  // OK: only when close() did not run
  }
}

void record_weight_for_height(ScoreSheet& sheet, const std::vector<Result>& rs) {
  try {
    for (const auto& r : rs) sheet.write_line(fmt(r));
    sheet.close();
  } catch (const std::system_error&) {
    sheet.write_line("incomplete");  // BUG: use-after-close
  }
}

void record_stone_put(ScoreSheet& sheet, const std::vector<Result>& rs) {
  try {
    for (const auto& r : rs) {
      validate(r);
      sheet.write_line(fmt(r));
    }
  } catch (const InvalidScore& e) {
    sheet.write_line(std::string("VOID ") + e.what());  // OK: nothing in the try closes the sheet
  }
  sheet.close();
}

void record_tug_of_war(ScoreSheet& sheet, const std::vector<Result>& rs) {
  try {
    for (const auto& r : rs) {
      validate(r);
      sheet.write_line(fmt(r));
    }
  } catch (...) {
    if (sheet.is_open()) sheet.close();
    throw;
  }
  sheet.write_line("final");  // OK: the handler always rethrows
  sheet.close();
}
