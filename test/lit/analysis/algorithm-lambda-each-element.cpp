// Standard algorithms that call a lambda on each element of a range
// (std::for_each, std::find_if, std::any_of, ...): the lambda runs at the
// call. What it does to captured objects happens there; what it does to
// its parameter it does to each element of the container `c.begin()`
// starts at. A lambda that checks the element before closing it, one that
// takes the element by value (a copy), and a use before the close stay
// quiet.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class SoundingLine {
public:
  void send(int v) {
    if (closed_) throw std::runtime_error("sounding line closed");
    (void)v;
  }
  void close() {
    if (closed_) throw std::runtime_error("sounding line closed twice");
    closed_ = true;
  }
  bool closed() const { return closed_; }

private:
  bool closed_ = false;
};

void capturedAfterClose(SoundingLine &line, const std::vector<int> &depths) {
  line.close();
  // CHECK: algorithm-lambda-each-element.cpp:[[@LINE+1]]:65: warning: call to 'send' on 'line' after it was closed
  std::for_each(depths.begin(), depths.end(), [&](int d) { line.send(d); });
}

void capturedBeforeClose(SoundingLine &line, const std::vector<int> &depths) {
  std::for_each(depths.begin(), depths.end(), [&](int d) { line.send(d); });
  line.close();
}

void eachClosedThenOne(std::vector<std::unique_ptr<SoundingLine>> &lines) {
  std::for_each(lines.begin(), lines.end(),
                [](std::unique_ptr<SoundingLine> &l) { l->close(); });
  // CHECK: algorithm-lambda-each-element.cpp:[[@LINE+1]]:13: warning: call to 'send' on 'lines[0]' after it was closed
  lines[0]->send(1);
}

void mapEachClosed(std::map<std::string, std::unique_ptr<SoundingLine>> &byStation) {
  std::for_each(byStation.begin(), byStation.end(),
                [](auto &kv) { kv.second->close(); });
  // CHECK: algorithm-lambda-each-element.cpp:[[@LINE+1]]:26: warning: call to 'send' on 'byStation.at("north")' after it was closed
  byStation.at("north")->send(2);
}

void guardedTwice(std::vector<std::unique_ptr<SoundingLine>> &lines) {
  auto closeOpen = [](std::unique_ptr<SoundingLine> &l) {
    if (!l->closed())
      l->close();
  };
  std::for_each(lines.begin(), lines.end(), closeOpen);
  std::for_each(lines.begin(), lines.end(),
                [](std::unique_ptr<SoundingLine> &l) {
                  if (!l->closed())
                    l->close();
                });
}

void findAfterClose(SoundingLine &line, const std::vector<int> &depths) {
  line.close();
  // CHECK: algorithm-lambda-each-element.cpp:[[@LINE+2]]:12: warning: call to 'send' on 'line' after it was closed
  auto it = std::find_if(depths.begin(), depths.end(), [&](int d) {
      line.send(d);
      return d > 10;
    });
  (void)it;
}
