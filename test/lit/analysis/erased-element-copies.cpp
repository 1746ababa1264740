// A method that closes an element and erases it from its container
// (`fclose(it->second); logs_.erase(it);`) tells its callers of the close:
// a copy the caller took of that element before the call is closed. A copy
// of the element at another key, or an element erased without a close, is
// not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <map>
#include <string>

class EecBedLogs {
public:
  void retire(int Bed);
  void forget(int Bed);
  void transfer(int From, int To);
  void keepOther(int From, int Other);
  void detach(int Bed);

private:
  std::map<int, FILE *> Logs;
};

void EecBedLogs::retire(int Bed) {
  auto It = Logs.find(Bed);
  if (It == Logs.end())
    return;
  std::fclose(It->second);
  Logs.erase(It);
}

void EecBedLogs::forget(int Bed) { Logs.erase(Bed); }

void EecBedLogs::transfer(int From, int To) {
  FILE *Src = Logs.at(From);
  std::fprintf(Logs.at(To), "received from %d\n", From);
  retire(From);
  // CHECK: erased-element-copies.cpp:[[@LINE+1]]:3: warning: call to 'fprintf' on 'Src' that may have been closed
  std::fprintf(Src, "moved out\n");
}

void EecBedLogs::keepOther(int From, int Other) {
  FILE *Kept = Logs.at(Other);
  retire(From);
  std::fprintf(Kept, "still open\n");
}

void EecBedLogs::detach(int Bed) {
  FILE *Own = Logs.at(Bed);
  forget(Bed);
  std::fprintf(Own, "detached\n");
  std::fclose(Own);
}
