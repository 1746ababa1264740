// Weather station collector: polls an anemometer/thermometer board over a
// serial line (POSIX descriptor), writes the samples to a CSV file, and keeps
// the descriptors of the auxiliary rain gauges in a table.
// Negative case: every close inside a loop runs at most once and nothing uses
// the stream after it: the port is closed on the final iteration after its last
// read, or right before a return; the CSV loop records the close in a flag that
// guards the trailer; calibration closes each failed attempt's descriptor and
// resets it to -1; closeGauges() marks closed slots with -1, so a second call is
// harmless.
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

struct Sample {
  double windKmh = 0;
  double tempC = 0;
};

static bool parseSample(const char *line, Sample &s) {
  return std::sscanf(line, "W:%lf T:%lf", &s.windKmh, &s.tempC) == 2;
}

// Reads n samples and closes the port; a read error closes it early.
std::vector<Sample> pollPort(int fd, int n) {
  std::vector<Sample> out;
  if (n <= 0) {
    ::close(fd);
    return out;
  }
  char buf[64];
  for (int i = 0; i < n; ++i) {
    ssize_t r = ::read(fd, buf, sizeof buf - 1); // OK: the close below runs on the last iteration only
    if (r <= 0) {
      ::close(fd);
      return out;
    }
    buf[r] = '\0';
    Sample s;
    if (parseSample(buf, s))
      out.push_back(s);
    if (i == n - 1)
      ::close(fd);
  }
  return out;
}

// Opens the board and sends the calibration command; retries three times.
int openCalibratedPort(const char *dev) {
  int fd = -1;
  for (int attempt = 0; attempt < 3; ++attempt) {
    fd = ::open(dev, O_RDWR | O_NOCTTY);
    if (fd < 0)
      continue;
    if (::write(fd, "CAL\r\n", 5) == 5)
      break;
    ::close(fd); // OK: each attempt closes its own descriptor
    fd = -1;
  }
  if (fd >= 0)
    ::write(fd, "RATE 1\r\n", 8); // OK: only the calibrated descriptor is still set
  return fd;
}

void writeCsv(const char *path, const std::vector<Sample> &samples) {
  std::FILE *csv = std::fopen(path, "w");
  if (!csv)
    return;
  bool open = true;
  for (size_t i = 0; i < samples.size(); ++i) {
    if (std::fprintf(csv, "%zu,%.1f,%.1f\n", i, samples[i].windKmh, samples[i].tempC) < 0) {
      std::fclose(csv);
      open = false;
      break;
    }
  }
  if (open) {
    std::fprintf(csv, "# %zu samples\n", samples.size()); // OK: guarded by the flag the loop clears
    std::fclose(csv); // OK: the loop did not close it on this path
  }
}

void closeGauges(std::vector<int> &gauges) {
  for (int &fd : gauges) {
    if (fd >= 0) {
      ::close(fd); // OK: closed slots are reset to -1 and skipped afterwards
      fd = -1;
    }
  }
}

int main() {
  std::vector<int> gauges;
  for (const char *dev : {"/dev/ttyUSB1", "/dev/ttyUSB2"})
    gauges.push_back(::open(dev, O_RDONLY | O_NOCTTY));

  int port = openCalibratedPort("/dev/ttyUSB0");
  if (port >= 0) {
    std::vector<Sample> samples = pollPort(port, 60);
    writeCsv("/var/lib/wx/samples.csv", samples);
  }
  closeGauges(gauges);
  closeGauges(gauges); // OK: every slot is -1 after the first pass
  return 0;
}
