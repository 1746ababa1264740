// Steps appended to a local list (`steps.push_back({"name", [&] {...}})`)
// and then handed to a runner that calls each in order: every step sees
// what the ones before it closed, as for a braced list. A list handed to
// anything else before the run, or changed otherwise, is not followed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

struct Step {
  std::string name;
  std::function<void()> run;
};

static bool runSteps(const std::vector<Step> &steps) {
  for (const Step &s : steps) {
    std::printf("step %s\n", s.name.c_str());
    s.run();
  }
  return true;
}

void shuffle(std::vector<Step> &steps);

bool closeThenWrite(FILE *log) {
  std::vector<Step> steps;
  steps.reserve(3);
  steps.push_back({"mark", [&] { std::fputs("begin\n", log); }});
  steps.push_back({"close", [&] { std::fclose(log); }});
  steps.emplace_back(Step{"trailer", [&] {
                            std::fputs("end\n", log);
                            // CHECK: [[@LINE-1]]:29: warning: call to 'fputs' on 'log' after it was closed
                          }});
  return runSteps(steps);
}

bool writeThenClose(FILE *log) {
  std::vector<Step> steps{{"mark", [&] { std::fputs("begin\n", log); }}};
  steps.push_back({"trailer", [&] { std::fputs("end\n", log); }});
  steps.push_back({"close", [&] { std::fclose(log); }});
  return runSteps(steps);
}

bool reordered(FILE *log) {
  std::vector<Step> steps;
  steps.push_back({"close", [&] { std::fclose(log); }});
  steps.push_back({"trailer", [&] { std::fputs("end\n", log); }});
  shuffle(steps);
  return runSteps(steps);
}
