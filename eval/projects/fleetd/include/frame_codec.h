// Wire format between trucks and the gateway: one frame per line,
// "<TYPE> <payload>\n". Commands to the truck are "CMD <seq> <text>\n".
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "telemetry.h"

namespace fleetd {

class Socket;

std::vector<Frame> decodeFrames(std::string &buffer);
std::string encodeFrame(const Frame &frame);
std::string encodeCommand(std::uint32_t seq, const std::string &text);

bool decodePosition(const std::string &vin, const std::string &payload, PositionReport &out);
bool decodeFault(const std::string &vin, const std::string &payload, FaultReport &out);
bool decodeStatus(const std::string &payload, StatusReport &out);
bool decodeResume(const std::string &payload, ResumeRequest &out);
bool decodeAck(const std::string &payload, std::uint32_t &seq);

// Reads the HELLO line of a new connection. On a timeout or a malformed
// greeting the socket is closed and the result is false.
bool readHello(Socket &sock, Hello &out, int timeoutMs);
void writeFrame(Socket &sock, const Frame &frame);

} // namespace fleetd
