// Operations on gates that span the registry: handshakes, broadcasts and
// maintenance (gate_handshake.cpp, gate_broadcast.cpp, gate_maintenance.cpp).
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "crew.h"
#include "gate_registry.h"
#include "status.h"
#include "types.h"

namespace ferry {

Status handshake(GateChannel &ch, const std::string &terminalId);
Status bringUpGate(GateRegistry &reg, GateId id, const Endpoint &ep, const std::string &terminalId);
Status sendWithRetry(GateChannel &ch, const Frame &frame, int attempts);

Status announceBoardingClosed(GateRegistry &reg, const Sailing &sailing, GateId dutyGate);
std::size_t broadcastNotice(GateRegistry &reg, const std::string &text);
Status reconnectAll(GateRegistry &reg, const std::map<GateId, Endpoint> &endpoints);

void takeGateOffline(GateRegistry &reg, Crew &crew, GateId id, const std::string &reason);
Status moveGateController(GateRegistry &reg, GateId id, const Endpoint &ep);

} // namespace ferry
