// Allocation failure is not modeled: a call that only allocates (a standard
// string or container's push_back, `+`, std::to_string, make_unique of a
// class whose constructors throw nothing) does not throw, so a close just
// before it has not run when a handler is reached, and a caller that
// catches and goes on does not meet the object closed. A call that throws
// by its code does, as does make_unique of a class whose constructor throws.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class BackupLink {
public:
  explicit BackupLink(std::string Host) : host_(std::move(Host)) {}
  void send(const std::string &M) {
    if (closed_)
      throw std::runtime_error("link to " + host_ + " closed");
  }
  void close() {
    if (closed_)
      throw std::logic_error("link closed twice");
    closed_ = true;
  }

private:
  std::string host_;
  bool closed_ = false;
};

class CheckedLink {
public:
  explicit CheckedLink(const std::string &Host) {
    if (Host.empty())
      throw std::invalid_argument("no host");
  }
  void close() {}
};

class LinkHolder {
public:
  void replace(const std::string &Host) {
    if (link_)
      link_->close();
    link_ = std::make_unique<BackupLink>(Host);
  }
  void send(const std::string &M) { link_->send(M); }

private:
  std::unique_ptr<BackupLink> link_;
};

void counted(std::FILE *F, std::vector<std::string> &Counters) {
  try {
    std::fclose(F);
    Counters.push_back("closed " + std::to_string(Counters.size()));
  } catch (...) {
    std::fclose(F);
  }
}

void replaced(LinkHolder &H) {
  try {
    H.replace("backup-1");
  } catch (const std::exception &) {
  }
  H.send("hello");
}

void audited(std::FILE *F, std::vector<std::string> &Counters) {
  try {
    std::fclose(F);
    auto Next = std::make_unique<CheckedLink>("");
  } catch (...) {
    std::fclose(F);
    // CHECK: [[@LINE-1]]:5: warning: 'fclose' closes 'F' a second time [errlint-double-close]
  }
}
