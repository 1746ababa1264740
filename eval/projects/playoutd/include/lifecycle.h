// LifecycleRoll: the named components of the air chain, stopped together in
// reverse order of enrolment at shutdown.
#pragma once
#include <string>
#include <utility>
#include <vector>

class Stoppable {
public:
  virtual ~Stoppable() = default;
  virtual void stop() = 0;
  virtual bool running() const = 0;
};

class LifecycleRoll {
public:
  void enrol(std::string name, Stoppable *component);
  void stopAll();
  Stoppable *find(const std::string &name) const;
  template <class T> T *as(const std::string &name) const {
    return dynamic_cast<T *>(find(name));
  }
  std::vector<std::string> names() const;

private:
  std::vector<std::pair<std::string, Stoppable *>> entries_;
};
