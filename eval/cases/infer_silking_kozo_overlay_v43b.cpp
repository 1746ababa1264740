// Heat-set overlay press for a rare-book conservation studio: fragile leaves
// are lined with silk crepeline or kozo tissue coated with heat-set
// adhesive. The press controller is reached through a socket; a press taken
// out of service is decommissioned, which releases the socket. Calls return
// a PressStatus rather than throwing: on a decommissioned press every call
// returns PressStatus::Decommissioned and does nothing.
#include <cstdio>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace overlay {

enum class PressStatus { Ok, Fault, Decommissioned };
enum class PressState { Ready, Heating, Decommissioned };

class OverlayPress {
public:
  explicit OverlayPress(int sock) : sock_(sock) {}
  ~OverlayPress() {
    if (sock_ >= 0)
      ::close(sock_);
  }
  OverlayPress(const OverlayPress &) = delete;
  OverlayPress &operator=(const OverlayPress &) = delete;

  PressStatus set_temperature(int celsius) {
    if (state_ == PressState::Decommissioned)
      return PressStatus::Decommissioned;
    state_ = PressState::Heating;
    return command("TEMP " + std::to_string(celsius));
  }
  PressStatus apply(const std::string &leaf, int seconds) {
    if (state_ == PressState::Decommissioned)
      return PressStatus::Decommissioned;
    return command("PRESS " + leaf + " " + std::to_string(seconds));
  }
  PressStatus decommission() {
    if (state_ == PressState::Decommissioned)
      return PressStatus::Decommissioned;
    ::close(std::exchange(sock_, -1));
    state_ = PressState::Decommissioned;
    return PressStatus::Ok;
  }
  PressState state() const { return state_; }

private:
  PressStatus command(const std::string &line) {
    std::string out = line + "\n";
    if (::send(sock_, out.data(), out.size(), MSG_NOSIGNAL) < 0)
      return PressStatus::Fault;
    return PressStatus::Ok;
  }
  int sock_;
  PressState state_ = PressState::Ready;
};

struct Leaf {
  std::string id;
  bool silk = false; // silk crepeline needs a longer dwell than kozo
};

// A fault during lining takes the press out of service; the batch is then
// cooled down and the remaining leaves are re-queued.
int line_batch(OverlayPress &press, const std::vector<Leaf> &leaves, std::vector<Leaf> &requeue) {
  int lined = 0;
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    if (press.apply(leaves[i].id, leaves[i].silk ? 40 : 25) != PressStatus::Ok) {
      press.decommission();
      requeue.assign(leaves.begin() + static_cast<std::ptrdiff_t>(i), leaves.end());
      break;
    }
    ++lined;
  }
  press.set_temperature(20); // BUG: use-after-close
  return lined;
}

int line_batch_checked(OverlayPress &press, const std::vector<Leaf> &leaves) {
  int lined = 0;
  for (const Leaf &leaf : leaves) {
    if (press.state() != PressState::Ready && press.state() != PressState::Heating)
      break;
    if (press.apply(leaf.id, leaf.silk ? 40 : 25) == PressStatus::Ok) // OK: state checked first
      ++lined;
    else
      press.decommission();
  }
  if (press.state() != PressState::Decommissioned)
    press.set_temperature(20); // OK: guarded by the state
  return lined;
}

void retire_press(OverlayPress &press) {
  if (press.set_temperature(20) == PressStatus::Decommissioned)
    return;
  press.decommission(); // OK: returned above if already decommissioned
}

void retire_press_twice(OverlayPress &press, bool element_fault) {
  if (element_fault)
    press.decommission();
  press.set_temperature(20);  // BUG: use-after-close
  press.decommission(); // BUG: double-close
}

} // namespace overlay
