// A small corral of conduits to the raft's main sonde, shared by components that
// only need it for a command or two. Idle conduits are kept; drainIdle() closes their
// sockets (the objects stay, and acquire() reconnects them).
#pragma once
#include "sonde_conduit.h"
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class SondeCorral {
public:
  /// RAII: gives the conduit back to the corral when destroyed.
  class Hitch {
  public:
    Hitch(SondeCorral &corral, std::unique_ptr<SondeConduit> conduit);
    Hitch(Hitch &&other) noexcept;
    Hitch &operator=(Hitch &&) = delete;
    ~Hitch();
    SondeConduit *operator->() const { return conduit_.get(); }
    SondeConduit &operator*() const { return *conduit_; }

  private:
    SondeCorral *corral_;
    std::unique_ptr<SondeConduit> conduit_;
  };

  SondeCorral(std::string host, int port, std::size_t maxIdle);
  ~SondeCorral();
  /// Throws std::runtime_error when the sonde cannot be reached.
  Hitch acquire();
  void drainIdle();
  std::size_t idle() const;

private:
  void giveBack(std::unique_ptr<SondeConduit> conduit);
  std::string host_;
  int port_;
  std::size_t maxIdle_;
  mutable std::mutex mu_;
  std::vector<std::unique_ptr<SondeConduit>> idle_;
};
