// Vocabulary shared by the device side of farecol: kinds of devices, gate commands and
// notices that can be pushed to a device.
#pragma once

namespace farecol {

enum class DeviceKind { FareGate, BusValidator, PlatformValidator };
enum class GateCommand { Open, Lock, EmergencyFreeExit, Normal };
enum class NoticeKind { Redirect, Maintenance, RosterChanged };

const char *deviceKindName(DeviceKind kind);
const char *gateCommandName(GateCommand cmd);
const char *noticeKindName(NoticeKind kind);

} // namespace farecol
