// ShiftReport: a text report closed by seal(). Correct throughout: seal()
// nulls fp_, the destructor closes only an unsealed report, and append()
// refuses a sealed one.
#include "shift_report.h"

#include <stdexcept>

ShiftReport::ShiftReport(std::string path) : path_(std::move(path)), fp_(std::fopen(path_.c_str(), "w")) {
  if (!fp_) throw std::runtime_error("cannot create report " + path_);
}

ShiftReport::~ShiftReport() {
  if (fp_) std::fclose(fp_); // OK: a sealed report has fp_ == nullptr
}

void ShiftReport::append(const std::string& line) {
  if (!fp_) throw std::runtime_error("shift report " + path_ + " sealed");
  std::fprintf(fp_, "%s\n", line.c_str());
}

void ShiftReport::seal() {
  if (!fp_) throw std::logic_error("shift report " + path_ + " already sealed");
  std::fputs("-- end of report --\n", fp_);
  std::fclose(fp_);
  fp_ = nullptr;
}

bool ShiftReport::sealed() const { return fp_ == nullptr; }

const std::string& ShiftReport::path() const { return path_; }
