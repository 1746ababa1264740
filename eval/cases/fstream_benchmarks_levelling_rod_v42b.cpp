// Levelling-run register for a survey office. The benchmark register is read through a
// std::fstream, closed, and, when the run's misclosure exceeds the tolerance, reopened
// truncated to write the adjusted heights. adjustRun() appends the run footer after the
// if, so when the misclosure is within tolerance the footer goes to the closed stream
// and is lost. reconcileRun() reopens on both branches (truncate or append) and checks
// the stream; readFieldBooks() reuses one ifstream, reopening it for every book.
#include <cmath>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

struct Benchmark {
  std::string id;
  double height;
};

static std::vector<Benchmark> readRegister(std::istream &reg) {
  std::vector<Benchmark> out;
  Benchmark b;
  while (reg >> b.id >> b.height)
    out.push_back(b);
  return out;
}

static double misclosure(const std::vector<Benchmark> &marks, double observedRise) {
  if (marks.size() < 2)
    return 0.0;
  return observedRise - (marks.back().height - marks.front().height);
}

void adjustRun(const std::string &path, double observedRise, double toleranceMm) {
  std::fstream reg(path, std::ios::in);
  if (!reg.is_open())
    throw std::runtime_error("no benchmark register at " + path);
  std::vector<Benchmark> marks = readRegister(reg);
  const double err = misclosure(marks, observedRise);
  reg.close();
  if (std::fabs(err) * 1000.0 > toleranceMm) {
    reg.open(path, std::ios::out | std::ios::trunc);
    const double perLeg = err / static_cast<double>(marks.size());
    for (std::size_t i = 0; i < marks.size(); ++i)
      reg << marks[i].id << ' ' << marks[i].height + perLeg * static_cast<double>(i) << '\n';
  }
  reg << "# run closed, misclosure " << err * 1000.0 << " mm\n"; // BUG: use-after-close
}

void reconcileRun(const std::string &path, double observedRise, double toleranceMm) {
  std::fstream reg(path, std::ios::in);
  if (!reg.is_open())
    throw std::runtime_error("no benchmark register at " + path);
  std::vector<Benchmark> marks = readRegister(reg);
  const double err = misclosure(marks, observedRise);
  reg.close();
  const bool adjust = std::fabs(err) * 1000.0 > toleranceMm;
  if (adjust)
    reg.open(path, std::ios::out | std::ios::trunc);
  else
    reg.open(path, std::ios::out | std::ios::app);
  if (!reg)
    throw std::runtime_error("cannot rewrite " + path);
  if (adjust) {
    const double perLeg = err / static_cast<double>(marks.size());
    for (std::size_t i = 0; i < marks.size(); ++i)
      reg << marks[i].id << ' ' << marks[i].height + perLeg * static_cast<double>(i) << '\n';
  }
  reg << "# reconciled, misclosure " << err * 1000.0 << " mm\n"; // OK
}

std::vector<Benchmark> readFieldBooks(const std::vector<std::string> &books) {
  std::vector<Benchmark> all;
  std::ifstream book;
  for (const std::string &p : books) {
    book.open(p);
    if (!book.is_open()) {
      book.clear();
      continue;
    }
    std::vector<Benchmark> part = readRegister(book); // OK
    all.insert(all.end(), part.begin(), part.end());
    book.close();
    book.clear();
  }
  return all;
}

bool writeRodCalibration(const std::string &path, double scaleFactor, double zeroOffsetMm) {
  std::ofstream cal(path);
  cal << "scale " << scaleFactor << "\nzero " << zeroOffsetMm << '\n';
  cal.close();
  return !cal.fail(); // OK
}
