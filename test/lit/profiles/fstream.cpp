// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <fstream>
#include <string>

void writeAfterClose(const std::string &path) {
  std::ofstream out(path);
  out << "header\n";
  out.close();
  // CHECK: fstream.cpp:[[@LINE+1]]:7: warning: call to 'operator<<' on 'out' after it was closed [errlint-use-after-close]
  out << 42;
  // CHECK: fstream.cpp:[[@LINE+1]]:7: warning: call to 'operator<<' on 'out' after it was closed [errlint-use-after-close]
  out << "text";
  // CHECK: fstream.cpp:[[@LINE+1]]:7: warning: call to 'write' on 'out' after it was closed [errlint-use-after-close]
  out.write("x", 1);
}

void readAfterClose(std::ifstream &in, std::string &line) {
  in.close();
  // CHECK: fstream.cpp:[[@LINE+1]]:3: warning: call to 'getline' on 'in' after it was closed [errlint-use-after-close]
  std::getline(in, line);
}

// Negative: reopened, or guarded by is_open().
void reopened(std::fstream &f, const std::string &path) {
  f.close();
  f.open(path);
  f << "again";
  f.close();
  if (f.is_open())
    f << "never";
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
