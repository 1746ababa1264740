// Glacier GNSS monitoring station: a solar-powered receiver logs epochs to daily
// RINEX-like files and sends a summary over an Iridium link. Each loop closes
// either a file it opened in the same iteration, or the link in exactly one
// iteration followed by break/return, or the link after the loop guarded by a
// once-only flag. Negative case: nothing is used after its close and nothing is
// closed twice.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Epoch {
  double northM;
  double eastM;
  double upM;
  bool lastOfDay;
};

class IridiumLink {
public:
  void sendSbd(const std::string &msg);
  void close();

private:
  bool closed_ = false;
};

void IridiumLink::sendSbd(const std::string &msg) {
  if (closed_)
    throw std::runtime_error("Iridium link closed: " + msg);
}

void IridiumLink::close() {
  if (closed_)
    throw std::runtime_error("Iridium link closed twice");
  closed_ = true;
}

class GlacierStation {
public:
  void writeDays(const std::vector<std::vector<Epoch>> &days);
  void sendSummaries(const std::vector<Epoch> &epochs);
  void lowPowerWindow(const std::vector<Epoch> &epochs, double batteryV);

private:
  IridiumLink link_;
  IridiumLink backupLink_;
};

void GlacierStation::writeDays(const std::vector<std::vector<Epoch>> &days) {
  int day = 0;
  for (const std::vector<Epoch> &epochs : days) {
    const std::string path = "/data/gnss/day" + std::to_string(++day) + ".obs";
    FILE *obs = std::fopen(path.c_str(), "w");
    if (!obs)
      continue;
    for (const Epoch &e : epochs)
      std::fprintf(obs, "%.4f %.4f %.4f\n", e.northM, e.eastM, e.upM); // OK: this iteration's own file
    std::fclose(obs); // OK: closes the file opened in the same iteration
  }
}

void GlacierStation::sendSummaries(const std::vector<Epoch> &epochs) {
  for (const Epoch &e : epochs) {
    link_.sendSbd("N" + std::to_string(e.northM)); // OK: the close below is followed by break
    if (e.lastOfDay) {
      link_.close();
      break;
    }
  }
}

void GlacierStation::lowPowerWindow(const std::vector<Epoch> &epochs, double batteryV) {
  bool closed = false;
  for (const Epoch &e : epochs) {
    if (batteryV < 11.8 && !closed) {
      backupLink_.close();
      closed = true;
    }
    if (!closed)
      backupLink_.sendSbd("U" + std::to_string(e.upM)); // OK: skipped once the flag is set
    batteryV -= 0.05;
  }
  if (!closed)
    backupLink_.close(); // OK: runs only when the loop did not close the link
}

int main() {
  GlacierStation morteratsch;
  std::vector<Epoch> today{{0.012, -0.004, 0.001, false},
                           {0.019, -0.006, 0.000, false},
                           {0.025, -0.007, -0.002, true}};
  morteratsch.writeDays({today, today});
  morteratsch.sendSummaries(today);
  morteratsch.lowPowerWindow(today, 11.9);
  return 0;
}
