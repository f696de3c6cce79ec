// Umbrella header for Debian's libsecp256k1 (0.2.0): core, extrakeys, schnorrsig and ecdh modules.
#ifndef CSECP256K1_SHIM_H
#define CSECP256K1_SHIM_H
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#include <secp256k1_ecdh.h>
#endif
