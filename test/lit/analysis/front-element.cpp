// `v.front()` is the element `v[0]` names: a reference to it closed and
// then used is a use after close; another element (`v[i]` for i from 1)
// is not that one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <cstddef>
#include <memory>
#include <vector>
using namespace kafka;

void handOff(std::vector<std::unique_ptr<KafkaProducer>> &links) {
  KafkaProducer &leader = *links.front();
  leader.close();
  for (std::size_t i = 1; i < links.size(); ++i)
    links[i]->flush();
  // CHECK: front-element.cpp:[[@LINE+1]]:10: warning: call to 'flush' on 'leader' after it was closed [errlint-send-after-close]
  leader.flush();
}

void firstByIndex(std::vector<std::unique_ptr<KafkaProducer>> &links) {
  links.front()->close();
  // CHECK: front-element.cpp:[[@LINE+1]]:13: warning: call to 'flush' on 'links[0]' after it was closed [errlint-send-after-close]
  links[0]->flush();
}

void other(std::vector<std::unique_ptr<KafkaProducer>> &links) {
  links.front()->close();
  links[1]->flush();
}
