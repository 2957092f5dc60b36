//! The studio's adjustment: tables made every frame from the whole picture's
//! 256-bin histogram (the counted bins when they are that, else a count of its
//! own), the picture remapped through them by the picture pass, and the adjusted
//! picture's histogram counted and drawn beside the original's.

use super::super::{Context, WebResult};
use super::panel::PanelView;
use crate::adjust::Adjustment;
use crate::gpu::{
    AdjustedCount, Adjuster, Gpu, GpuError, GpuImage, HistogramPainter, Kernels, Method, Owned,
    Remap, Run, RunOptions,
};
use crate::histogram::Spec;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

pub(super) struct AdjustView {
    adjuster: Adjuster,
    count: AdjustedCount,
    /// The whole picture's 256 bins, where the counted ones are not those.
    whole: Run,
    painter: HistogramPainter,
    /// The tables read back for the page (the curves, Otsu's line).
    readback: Owned<wgpu::Buffer>,
    reading: Rc<Cell<bool>>,
}

impl AdjustView {
    /// `adjustment` of the picture in `picture` (`size` pixels), its histograms
    /// drawn on `panel`'s canvas.
    pub(super) fn new(
        g: &Gpu,
        kernels: &mut Kernels,
        adjustment: Adjustment,
        picture: &wgpu::TextureView,
        size: (u32, u32),
        panel: &PanelView,
    ) -> Result<AdjustView, GpuError> {
        let image = GpuImage::from_texture(picture.clone(), size.0, size.1);
        let whole = Run::new(
            g,
            kernels,
            &image,
            RunOptions::new(Method::Privatized, Spec::rgbl()),
        )?;
        let adjuster = Adjuster::new(g, adjustment, picture, size, whole.bins())?;
        let count = adjuster.count_adjusted(g, picture);
        let painter = PanelView::painter(g, kernels, &panel.target(), Spec::rgbl(), count.bins());
        painter.set_entries(&g.queue, size.0 as u64 * size.1 as u64);
        let readback = g.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("tables readback"),
            size: adjuster.tables().size(),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Ok(AdjustView {
            adjuster,
            count,
            whole,
            painter,
            readback: readback.into(),
            reading: Rc::new(Cell::new(false)),
        })
    }

    pub(super) fn adjuster(&self) -> &Adjuster {
        &self.adjuster
    }

    pub(super) fn painter(&self) -> &HistogramPainter {
        &self.painter
    }

    /// Records the tables from this frame's histogram: `counted` holds it when it
    /// is the whole picture's in 256 bins. `recount`: count the adjusted picture's
    /// histogram too (on video, not every frame: it costs a pass over the picture).
    pub(super) fn encode(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        counted: Option<&wgpu::Buffer>,
        recount: bool,
    ) {
        match counted {
            Some(bins) => encoder.copy_buffer_to_buffer(bins, 0, self.whole.bins(), 0, bins.size()),
            None => self.whole.encode(encoder),
        }
        self.adjuster.encode(encoder, None);
        if recount {
            self.count.encode(encoder);
            self.painter.encode_scale(encoder);
        }
    }

    /// The tables as they were last made (a new level per bin or value; CLAHE a
    /// table per tile; Otsu the threshold first), read back as a Float32Array.
    pub(super) fn read_tables(&self, context: Rc<Context>) -> js_sys::Promise {
        if self.reading.replace(true) {
            return js_sys::Promise::reject(&JsError::new("the tables are being read").into());
        }
        let g = &context.gpu;
        let mut encoder = g.device.create_command_encoder(&Default::default());
        let tables = self.adjuster.tables();
        encoder.copy_buffer_to_buffer(tables, 0, &self.readback, 0, tables.size());
        g.queue.submit([encoder.finish()]);
        let (buffer, reading) = ((*self.readback).clone(), self.reading.clone());
        wasm_bindgen_futures::future_to_promise(async move {
            let bytes = context.gpu.read_buffer(&buffer).await;
            reading.set(false);
            let values: Vec<f32> = bytes
                .map_err(|e| JsError::new(&e.0))?
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            Ok(js_sys::Float32Array::from(&values[..]).into())
        })
    }

    /// The adjusted picture at full size, as PNG bytes: made on the GPU like the
    /// command-line tool's `adjust`, encoded here.
    pub(super) fn adjusted_png(
        &self,
        context: Rc<Context>,
        picture: &wgpu::TextureView,
        size: (u32, u32),
    ) -> WebResult<js_sys::Promise> {
        let adjusted = Remap::new(
            &context.gpu,
            &mut context.kernels.borrow_mut(),
            picture,
            size,
            self.adjuster.adjustment(),
        )
        .map_err(|e| JsError::new(&e.0))?;
        Ok(wasm_bindgen_futures::future_to_promise(async move {
            let image = adjusted
                .read(&context.gpu)
                .await
                .map_err(|e| JsError::new(&e.0))?;
            let png = super::super::png(&image)?;
            Ok(js_sys::Uint8Array::from(&png[..]).into())
        }))
    }
}
