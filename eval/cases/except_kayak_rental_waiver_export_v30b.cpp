// Kayak rental desk, end of day: the signed waivers are exported to a CSV
// file, the day's rentals are uploaded to the outfitter's head office over a
// socket, and damage reports are sent on a separate socket. Record helpers
// throw on bad records or short writes; the desk reports the failure and
// carries on with the rest of the closing routine.
#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace kayak {

struct Waiver {
  std::string renter;
  std::string signature;
  std::string date;
};

struct Rental {
  std::string boat;
  std::string renter;
  int minutes;
};

void writeWaiver(std::FILE *out, const Waiver &w) {
  if (w.signature.empty())
    throw std::invalid_argument("unsigned waiver for " + w.renter);
  std::fprintf(out, "%s,%s,%s\n", w.date.c_str(), w.renter.c_str(), w.signature.c_str());
}

void sendAll(int sock, const std::string &data) {
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::write(sock, data.data() + off, data.size() - off);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "send");
    }
    off += static_cast<std::size_t>(n);
  }
}

void exportWaivers(const std::vector<Waiver> &waivers, const std::string &path) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    throw std::runtime_error("cannot create " + path);
  try {
    std::fputs("date,renter,signature\n", out);
    for (const Waiver &w : waivers)
      writeWaiver(out, w);
    std::fclose(out);
  } catch (const std::exception &e) {
    std::fclose(out); // OK
    std::fprintf(stderr, "waiver export failed: %s\n", e.what());
    throw;
  }
}

void uploadRentals(int sock, const std::vector<Rental> &rentals) {
  try {
    for (const Rental &r : rentals)
      sendAll(sock, r.boat + "," + r.renter + "," + std::to_string(r.minutes) + "\n");
  } catch (const std::system_error &e) {
    ::close(sock);
    std::fprintf(stderr, "rental upload aborted: %s\n", e.what());
  }
  const char trailer[] = "END\n";
  if (::write(sock, trailer, sizeof trailer - 1) < 0) // BUG: use-after-close
    std::perror("rental trailer");
  ::close(sock); // BUG: double-close
}

void sendDamageReport(int sock, const std::string &boat, const std::string &report) {
  try {
    sendAll(sock, "DAMAGE " + boat + "\n" + report + "\n");
  } catch (const std::system_error &e) {
    ::close(sock);
    std::fprintf(stderr, "damage report for %s not sent: %s\n", boat.c_str(), e.what());
    return;
  }
  sendAll(sock, "END\n"); // OK
  ::close(sock); // OK
}

} // namespace kayak
