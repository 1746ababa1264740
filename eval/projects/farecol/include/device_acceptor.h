// TCP side of the device network: accepts connections from gates and validators, reads
// their hello frame, registers a DeviceLink and forwards the bytes that follow.
#pragma once
#include "socket_fd.h"
#include "status.h"
#include "wire.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

struct pollfd;

namespace farecol {

class Diagnostics;
class DeviceLink;
class LinkMigrator;
class LinkRegistry;

class DeviceAcceptor {
public:
  using FrameSink = std::function<void(const std::string &deviceId, const std::string &bytes)>;
  using LostSink = std::function<void(const std::string &deviceId)>;

  DeviceAcceptor(LinkRegistry &registry, LinkMigrator &migrator, Diagnostics &diag,
                 std::function<std::uint64_t()> denyVersion);

  Status listen(const std::string &address, std::uint16_t port);
  void setSinks(FrameSink frames, LostSink lost);
  void fillPollSet(std::vector<pollfd> &fds) const;
  void onReady(const std::vector<pollfd> &fds);
  Status onHello(const wire::Hello &hello, const std::string &endpoint);
  void stop();
  std::size_t peerCount() const { return peers_.size(); }

private:
  struct Peer {
    SocketFd sock;
    std::string endpoint;
    std::string deviceId;
    wire::FrameDecoder decoder;
  };

  void acceptPending();
  bool readFrom(Peer &peer);
  Status resume(std::unique_ptr<DeviceLink> link, std::uint64_t lastAckedSeq);

  LinkRegistry &registry_;
  LinkMigrator &migrator_;
  Diagnostics &diag_;
  std::function<std::uint64_t()> denyVersion_;
  FrameSink frames_;
  LostSink lost_;
  SocketFd listen_;
  std::map<int, Peer> peers_;
  bool stopped_ = false;
};

} // namespace farecol
