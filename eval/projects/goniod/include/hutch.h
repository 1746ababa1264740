// goniod — the experimental hutch's personnel-safety panel and search walk.
#pragma once
#include <string>

namespace goniod {

// Walks the search points on the given PSS line; owns (and closes) the line.
class HutchSearch {
public:
  explicit HutchSearch(int fd);
  ~HutchSearch();
  HutchSearch(const HutchSearch &) = delete;
  HutchSearch &operator=(const HutchSearch &) = delete;
  bool run();

private:
  std::string ask(const std::string &question);
  int fd_;
};

class PssPanel {
public:
  explicit PssPanel(const std::string &device);
  ~PssPanel();
  PssPanel(const PssPanel &) = delete;
  PssPanel &operator=(const PssPanel &) = delete;

  int fd() const { return fd_; }
  bool search();
  void lock_doors();
  void on_fault(const std::string &code);
  void drop_line();
  bool faulted() const { return faulted_; }

private:
  void send(const std::string &line);
  int fd_ = -1;
  std::string device_;
  bool faulted_ = false;
};

} // namespace goniod
