// Plate spooler of a printing house. Ripped plates are sent to the offset
// press controller over net::Connection and each sheet run is appended to a
// spool file. A dropped press link is replaced by a fresh Connection while
// the reconnect budget lasts; the spool file is reopened at each new job.
#include "netconn.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Plate {
  std::string job;
  char separation; // 'C', 'M', 'Y', 'K'
  std::vector<unsigned char> tiff;
};

class PlateSpooler {
public:
  PlateSpooler(std::string pressEndpoint, std::string spoolDir)
      : endpoint_(std::move(pressEndpoint)), spoolDir_(std::move(spoolDir)),
        press_(endpoint_) {}

  ~PlateSpooler() {
    if (spool_)
      std::fclose(spool_);
  }

  void sendPlate(const Plate &p) {
    if (press_.isClosed()) {
      if (reconnects_ < kMaxReconnects) {
        press_ = net::Connection(endpoint_);
        ++reconnects_;
      } else {
        std::fprintf(stderr, "press %s: reconnect budget spent\n", endpoint_.c_str());
      }
    }
    const std::string header = p.job + "/" + p.separation + " " + std::to_string(p.tiff.size());
    press_.send(header); // BUG: use-after-close
  }

  void pressFault(const std::string &code) {
    std::fprintf(stderr, "press fault %s\n", code.c_str());
    press_.close();
  }

  void startJob(const std::string &job) {
    if (spool_)
      std::fclose(spool_);
    spool_ = std::fopen((spoolDir_ + "/" + job + ".spool").c_str(), "w");
    if (!spool_)
      throw std::runtime_error("cannot open spool for " + job);
    std::fprintf(spool_, "job %s\n", job.c_str()); // OK
  }

  void sheetRun(int sheets) {
    if (!spool_)
      return;
    std::fprintf(spool_, "run %d\n", sheets); // OK
  }

  void finishJob() {
    if (!spool_)
      return;
    std::fclose(spool_);
    spool_ = nullptr;
  }

  void pressRestart() {
    press_.close();
    press_ = net::Connection(endpoint_);
    reconnects_ = 0;
    press_.send("restart"); // OK
  }

  void proofSheet(const Plate &p) {
    net::Connection proof(endpoint_ + "/proof");
    proof.send(p.job); // OK
    proof.close();
    proof = net::Connection(endpoint_ + "/proof-archive");
    proof.send(p.job + " archived"); // OK
  }

private:
  static constexpr int kMaxReconnects = 3;

  std::string endpoint_;
  std::string spoolDir_;
  net::Connection press_;
  std::FILE *spool_ = nullptr;
  int reconnects_ = 0;
};
