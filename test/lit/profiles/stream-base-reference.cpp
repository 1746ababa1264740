// A helper that writes through a `std::ostream &` (or reads through a
// `std::istream &`) uses the file stream its caller passes: after the
// caller closed the std::ofstream, the helper's writes are dropped. A
// stream the caller reopened, or one it never closed, is fine; an
// std::ostringstream is never closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <fstream>
#include <sstream>
#include <string>

static void writeFooter(std::ostream &out, int rows) { out << "# rows " << rows << "\n"; }
static std::string firstLine(std::istream &in) {
  std::string line;
  std::getline(in, line);
  return line;
}

void exportRows(const std::string &path, int rows) {
  std::ofstream out(path);
  out << "header\n";
  out.close();
  // CHECK: :[[@LINE+1]]:3: warning: call to 'writeFooter' uses 'out' after it was closed
  writeFooter(out, rows);
}

std::string peek(const std::string &path) {
  std::ifstream in(path);
  in.close();
  // CHECK: :[[@LINE+1]]:10: warning: call to 'firstLine' uses 'in' after it was closed
  return firstLine(in);
}

// Negative: reopened before the helper; never closed; a string stream.
void exportAgain(const std::string &path, int rows) {
  std::ofstream out(path);
  out.close();
  out.open(path, std::ios::app);
  writeFooter(out, rows);
  std::ofstream other(path + ".bak");
  writeFooter(other, rows);
  std::ostringstream text;
  writeFooter(text, rows);
}
