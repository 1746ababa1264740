// A list of steps built here and run by a range-for over it (`for (LoopStep &s
// : steps) s.run();`): every step runs, in the order it was added, where
// the loop starts, and sees what the steps before it closed. Steps pushed
// under a condition run where it held. A list handed to something else
// before the loop is not followed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

struct LoopStep {
  std::string name;
  std::function<void()> run;
};

void shuffle(std::vector<LoopStep> &steps);

void closeThenTrailer(std::FILE *log, bool trailer) {
  std::vector<LoopStep> steps;
  steps.push_back({"mark", [log] { std::fputs("begin\n", log); }});
  steps.push_back({"close", [log] { std::fclose(log); }});
  if (trailer)
    steps.push_back({"trailer", [log] {
                       std::fputs("end\n", log);
                       // CHECK: steps-run-by-loop.cpp:[[@LINE-1]]:24: warning: call to 'fputs' on 'log' after it was closed
                     }});
  for (LoopStep &s : steps)
    s.run();
}

void trailerThenClose(std::FILE *log) {
  std::vector<std::function<void()>> steps{
      [log] { std::fputs("begin\n", log); },
      [log] { std::fputs("end\n", log); },
  };
  steps.push_back([log] { std::fclose(log); });
  for (auto &step : steps)
    step();
}

void closedTwice(std::FILE *log) {
  std::vector<std::function<void()>> steps;
  steps.push_back([log] { std::fclose(log); });
  steps.push_back([log] {
    std::fclose(log);
    // CHECK: steps-run-by-loop.cpp:[[@LINE-1]]:5: warning: 'fclose' closes 'log' a second time
  });
  for (auto &step : steps)
    step();
}

void reordered(std::FILE *log) {
  std::vector<LoopStep> steps;
  steps.push_back({"close", [log] { std::fclose(log); }});
  steps.push_back({"trailer", [log] { std::fputs("end\n", log); }});
  shuffle(steps);
  for (LoopStep &s : steps)
    s.run();
}

void usedAfterTheLoop(std::FILE *log) {
  std::vector<std::function<void()>> steps;
  steps.push_back([log] { std::fputs("end\n", log); });
  steps.push_back([log] { std::fclose(log); });
  for (auto &step : steps)
    step();
  std::fputs("after\n", log);
  // CHECK: steps-run-by-loop.cpp:[[@LINE-1]]:3: warning: call to 'fputs' on 'log' after it was closed
}
