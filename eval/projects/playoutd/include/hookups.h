// HookPanel: "item aired" hooks keyed by id, for the traffic and audience
// measurement side. fire() and disconnect() run on the automation thread.
#pragma once
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <string>

class HookPanel {
public:
  using Hook =
      std::function<void(const std::string &item, std::chrono::seconds length)>;
  int connect(Hook hook);
  void disconnect(int id);
  void fire(const std::string &item, std::chrono::seconds length);

private:
  std::mutex mu_;
  std::map<int, Hook> hooks_;
  int next_ = 1;
};
