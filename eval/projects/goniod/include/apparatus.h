// goniod — long-lived endstation components and the registry that owns them.
#pragma once
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace goniod {

// Started once, stopped once; command() throws once the component stopped.
class Component {
public:
  virtual ~Component() = default;
  virtual const std::string &label() const = 0;
  virtual void command(const std::string &verb) = 0;
  virtual void stop() = 0; // idempotent
  virtual bool running() const = 0;
};

class Apparatus {
public:
  Apparatus() = default;
  ~Apparatus();
  Apparatus(const Apparatus &) = delete;
  Apparatus &operator=(const Apparatus &) = delete;

  void enroll(std::shared_ptr<Component> part);
  std::shared_ptr<Component> lookup(const std::string &label) const;
  void broadcast(const std::string &verb);
  void stop_all();
  void stop_all_except(const std::vector<std::string> &keep);
  std::vector<std::string> labels() const;

private:
  std::vector<std::shared_ptr<Component>> snapshot() const;

  mutable std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<Component>> parts_;
};

} // namespace goniod
