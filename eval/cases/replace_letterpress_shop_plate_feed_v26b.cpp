// Letterpress shop press room. Each press keeps an optional connection to the
// plate-making station and to the ink dispenser; connections are dropped when
// plates are changed or the press is cleaned, and re-established as needed.
#include "netconn.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace letterpress {

struct Job {
  std::string title;
  int sheets = 0;
  bool newPlates = false;
};

class PressRoom {
public:
  PressRoom(std::string plateEndpoint, std::string inkEndpoint)
      : plateEndpoint_(std::move(plateEndpoint)), inkEndpoint_(std::move(inkEndpoint)) {
    plates_.emplace(plateEndpoint_);
    ink_.emplace(inkEndpoint_);
  }

  void changePlates(const Job &job) {
    plates_->send("release " + job.title);
    plates_->close();
    plates_.emplace(plateEndpoint_);
    plates_->send("mount " + job.title); // OK
  }

  void cleanPress() {
    if (ink_) {
      ink_->flush();
      ink_->close();
      ink_.reset();
    }
    if (ink_)
      ink_->send("purge"); // OK
    std::puts("rollers cleaned");
  }

  void inkFor(const Job &job) {
    if (!ink_)
      ink_.emplace(inkEndpoint_);
    ink_->send("ink " + std::to_string(job.sheets / 50 + 1)); // OK
  }

  void runBatch(const std::vector<Job> &jobs) {
    for (const Job &job : jobs) {
      if (job.newPlates) {
        plates_->close();
        plates_.reset();
        plates_.emplace(plateEndpoint_);
      }
      plates_->send("print " + job.title); // OK
      inkFor(job);
    }
  }

  void nightFlush() {
    if (!ink_)
      ink_.emplace(inkEndpoint_);
    ink_->close();
    ink_ = net::Connection(inkEndpoint_);
    ink_->send("night flush"); // OK
  }

private:
  std::string plateEndpoint_;
  std::string inkEndpoint_;
  std::optional<net::Connection> plates_;
  std::optional<net::Connection> ink_;
};

void pullProof(const std::string &plateEndpoint, const Job &job) {
  std::optional<net::Connection> proof;
  proof.emplace(plateEndpoint);
  proof->send("proof plate " + job.title);
  proof->close();
  if (job.newPlates)
    proof.emplace(plateEndpoint);
  proof->send("pull " + std::to_string(job.sheets)); // BUG: use-after-close
}

} // namespace letterpress
