//! Audio samples: mixing to mono, resampling to the recognizer's 16 kHz
//! (rubato), and conversion to 16-bit integers.

use rubato::audioadapter_buffers::direct::InterleavedSlice;
use rubato::{Fft, FixedSync, Resampler};

/// The rate the recognizer takes.
pub const RECOGNIZER_RATE: u32 = 16_000;

/// Mixes interleaved frames of `channels` channels to mono.
pub fn to_mono(samples: &[f32], channels: usize) -> Vec<f32> {
    if channels <= 1 {
        return samples.to_vec();
    }
    samples.chunks(channels).map(|f| f.iter().sum::<f32>() / f.len() as f32).collect()
}

/// Converts -1.0..1.0 samples to 16-bit integers.
pub fn to_i16(samples: &[f32]) -> Vec<i16> {
    samples.iter().map(|s| (s.clamp(-1.0, 1.0) * 32767.0) as i16).collect()
}

/// Why audio could not be resampled.
#[derive(Debug, thiserror::Error)]
#[error("cannot resample audio from {rate} Hz: {reason}")]
pub struct ResampleError {
    /// The input rate.
    pub rate: u32,
    /// What went wrong.
    pub reason: String,
}

/// Resamples a whole mono clip to 16 kHz.
pub fn resample_clip(samples: &[f32], rate: u32) -> Result<Vec<f32>, ResampleError> {
    if rate == RECOGNIZER_RATE || samples.is_empty() {
        return Ok(samples.to_vec());
    }
    let err = |e: String| ResampleError { rate, reason: e };
    let mut r = Fft::<f32>::new(rate as usize, RECOGNIZER_RATE as usize, 1024, 1, FixedSync::Input)
        .map_err(|e| err(e.to_string()))?;
    let input = InterleavedSlice::new(samples, 1, samples.len()).map_err(|e| err(e.to_string()))?;
    let out = r.process_all(&input, samples.len(), None).map_err(|e| err(e.to_string()))?;
    Ok(out.take_data())
}

/// A resampler for a stream: feed chunks of any length, take 16 kHz samples.
pub struct StreamResampler {
    rate: u32,
    inner: Option<Fft<f32>>,
    pending: Vec<f32>,
    out: Vec<f32>,
}

impl StreamResampler {
    /// A resampler from `rate` to 16 kHz (passes through at 16 kHz).
    pub fn new(rate: u32) -> Result<StreamResampler, ResampleError> {
        let inner = if rate == RECOGNIZER_RATE {
            None
        } else {
            Some(
                Fft::<f32>::new(rate as usize, RECOGNIZER_RATE as usize, 1024, 1, FixedSync::Input)
                    .map_err(|e| ResampleError { rate, reason: e.to_string() })?,
            )
        };
        Ok(StreamResampler { rate, inner, pending: Vec::new(), out: Vec::new() })
    }

    /// Adds mono samples; returns the 16 kHz samples ready so far.
    pub fn push(&mut self, mono: &[f32]) -> Vec<f32> {
        let Some(r) = self.inner.as_mut() else {
            return mono.to_vec();
        };
        self.pending.extend_from_slice(mono);
        let mut ready = Vec::new();
        loop {
            let need = r.input_frames_next();
            if self.pending.len() < need {
                break;
            }
            let out_len = r.output_frames_max();
            self.out.resize(out_len, 0.0);
            let Ok(input) = InterleavedSlice::new(&self.pending[..need], 1, need) else { break };
            let Ok(mut output) =
                rubato::audioadapter_buffers::direct::InterleavedSlice::new_mut(&mut self.out, 1, out_len)
            else {
                break;
            };
            match r.process_into_buffer(&input, &mut output, None) {
                Ok((used, produced)) => {
                    ready.extend_from_slice(&self.out[..produced]);
                    self.pending.drain(..used);
                }
                Err(_) => {
                    self.pending.clear();
                    break;
                }
            }
        }
        ready
    }

    /// The input rate.
    pub fn rate(&self) -> u32 {
        self.rate
    }
}
