// Insurance claims intake: claims are exported to per-claim files for the
// adjusters, amendments are appended to a shared claims journal, and the
// adjuster's workstation is notified over a socket descriptor.
// The helpers writeClaimHeader()/writeLineItems() close the FILE* on a write
// error and return false; sendToAdjuster() closes the descriptor on a short
// write and returns a negative errno.
// Defect: amendClaim() ignores writeClaimHeader()'s result, so after a failed
// header write (disk full, EIO) it prints into the closed FILE* and closes it
// a second time. exportClaim() and notifyAdjuster() stop on failure.
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

struct LineItem {
  std::string code;
  double amount = 0.0;
};
struct Claim {
  std::string claimId;
  std::string policyNo;
  double reserve = 0.0;
  std::vector<LineItem> items;
};

// On a write error the stream is closed and false is returned.
static bool writeClaimHeader(std::FILE *fp, const Claim &c) {
  if (std::fprintf(fp, "CLAIM|%s|%s|%.2f\n", c.claimId.c_str(), c.policyNo.c_str(), c.reserve) < 0) {
    std::fclose(fp);
    return false;
  }
  return true;
}

// On a write error the stream is closed and false is returned.
static bool writeLineItems(std::FILE *fp, const Claim &c) {
  for (const LineItem &li : c.items) {
    if (std::fprintf(fp, "ITEM|%s|%.2f\n", li.code.c_str(), li.amount) < 0) {
      std::fclose(fp);
      return false;
    }
  }
  return true;
}

bool exportClaim(const Claim &c, const std::string &dir) {
  std::string path = dir + "/" + c.claimId + ".clm";
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return false;
  if (!writeClaimHeader(fp, c))
    return false;
  if (!writeLineItems(fp, c)) // OK: reached only when the header helper did not close fp
    return false;
  std::fputs("END\n", fp); // OK: both helpers succeeded, fp is open
  return std::fclose(fp) == 0; // OK
}

int amendClaim(const std::string &journalPath, const Claim &c, const std::string &note) {
  std::FILE *journal = std::fopen(journalPath.c_str(), "a");
  if (!journal)
    return -1;
  // Unbuffered: every record reaches the shared journal with its own write.
  std::setvbuf(journal, nullptr, _IONBF, 0);
  writeClaimHeader(journal, c);
  std::fprintf(journal, "AMEND|%s\n", note.c_str()); // BUG: use-after-close
  return std::fclose(journal); // BUG: double-close
}

// Returns 0 on success; on a short write closes fd and returns -errno.
static int sendToAdjuster(int fd, const std::string &payload) {
  ssize_t n = ::send(fd, payload.data(), payload.size(), MSG_NOSIGNAL);
  if (n != static_cast<ssize_t>(payload.size())) {
    int err = n < 0 ? errno : EIO;
    ::close(fd);
    return -err;
  }
  return 0;
}

int notifyAdjuster(int fd, const Claim &c) {
  int rc = sendToAdjuster(fd, "NEWCLAIM " + c.claimId + "\n");
  if (rc != 0)
    return rc;
  rc = sendToAdjuster(fd, "RESERVE " + std::to_string(c.reserve) + "\n"); // OK: first send succeeded, fd still open
  if (rc != 0)
    return rc;
  ::close(fd); // OK: both sends succeeded, the helper never closed fd
  return 0;
}

int processIntake(const std::vector<Claim> &claims, int adjusterFd) {
  int failures = 0;
  for (const Claim &c : claims) {
    if (!exportClaim(c, "/srv/claims/outbox"))
      ++failures;
    if (c.reserve > 50000.0)
      amendClaim("/srv/claims/journal.log", c, "large-loss review");
  }
  if (!claims.empty() && notifyAdjuster(adjusterFd, claims.front()) != 0)
    ++failures;
  return failures;
}
