// Oviposition cages for an eggar-moth breeding programme: each cage has a
// camera on a TCP socket that is asked for a frame whenever a female lays
// (the ova are counted from the frames). EggarCamLink owns the socket and
// closes it in its destructor, but declares no copy or move operations, so
// the implicitly generated copy constructor copies the descriptor number.
// Mistake: watch_cages() builds its vector with push_back(EggarCamLink(fd)):
// each temporary is copied into the vector and destroyed, closing the socket
// the element still holds; count_frames() then snaps through closed sockets,
// and each element's own destructor later closes its number again.
// watch_cages_in_place() reserves and emplaces (no copies); watch_cages_owned()
// keeps the links behind unique_ptr.
#include <cstdio>
#include <memory>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

class EggarCamLink {
public:
  explicit EggarCamLink(int fd, std::string cage) : fd_(fd), cage_(std::move(cage)) {}
  ~EggarCamLink() {
    if (fd_ >= 0)
      ::close(fd_); // BUG: double-close
  }
  bool snap(const std::string &reason) {
    std::string req = "SNAP " + cage_ + " " + reason + "\n";
    return ::send(fd_, req.data(), req.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(req.size()); // SAME: snapcage
  }
  const std::string &cage() const { return cage_; }

private:
  int fd_;
  std::string cage_;
};

struct EggarOvumEvent {
  std::size_t cage_index;
  int ova;
};

static int count_frames(std::vector<EggarCamLink> &links, const std::vector<EggarOvumEvent> &events) {
  int frames = 0;
  for (const EggarOvumEvent &e : events)
    if (e.cage_index < links.size() && links[e.cage_index].snap("oviposit"))
      ++frames;
  return frames;
}

int watch_cages(const std::vector<int> &fds, const std::vector<EggarOvumEvent> &events) {
  std::vector<EggarCamLink> links;
  for (std::size_t i = 0; i < fds.size(); ++i)
    links.push_back(EggarCamLink(fds[i], "cage-" + std::to_string(i)));
  return count_frames(links, events); // BUG: use-after-close #snapcage
}

int watch_cages_in_place(const std::vector<int> &fds, const std::vector<EggarOvumEvent> &events) {
  std::vector<EggarCamLink> links;
  links.reserve(fds.size());
  for (std::size_t i = 0; i < fds.size(); ++i)
    links.emplace_back(fds[i], "cage-" + std::to_string(i)); // OK: reserved, built in place, never copied
  return count_frames(links, events); // OK: each element is the only owner of its socket
}

int watch_cages_owned(const std::vector<int> &fds, const std::vector<EggarOvumEvent> &events) {
  std::vector<std::unique_ptr<EggarCamLink>> links;
  for (std::size_t i = 0; i < fds.size(); ++i)
    links.push_back(std::make_unique<EggarCamLink>(fds[i], "cage-" + std::to_string(i))); // OK: only the pointer moves
  int frames = 0;
  for (const EggarOvumEvent &e : events)
    if (e.cage_index < links.size() && links[e.cage_index]->snap("oviposit")) // OK: the link is alive and open
      ++frames;
  return frames;
}

EggarCamLink open_quarantine_cam(int fd) {
  return EggarCamLink(fd, "quarantine"); // OK: guaranteed copy elision, no temporary is destroyed
}

int check_quarantine(int fd) {
  EggarCamLink cam = open_quarantine_cam(fd);
  return cam.snap("daily") ? 0 : 1; // OK: the only object that owns the socket
}
